import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('external-editor', { session: 'external-editor' });
const { keys, typeText, waitFor } = bed;

/** Starts the REPL with `editor` (a script in the home folder) as `$VISUAL`. */
function launchWithEditor(script: string, ...flags: string[]): void {
  const editor = path.join(bed.home, 'editor.sh');
  writeFileSync(editor, `#!/bin/sh\n${script}\n`);
  chmodSync(editor, 0o755);
  bed.driver.start(bed.session, `env VISUAL=${editor} ${bed.command(...flags)}`, {
    cols: 100,
    rows: 30,
  });
}

describe('Ctrl+G opens the prompt in $VISUAL (issue 38, item 7)', () => {
  it('takes the saved text back into the prompt, unsent, and redraws the screen', async () => {
    bed.server = await startOpenAIChatServer([{ text: 'Got it.' }]);
    launchWithEditor(`printf 'and the second line\\n' >> "$1"; clear; echo EDITOR-RAN`);
    await waitFor('default mode');
    typeText('first line');
    keys('C-g');
    const back = await waitFor('and the second line');
    expect(back).toContain('first line');
    // The whole screen is drawn again: the status line and banner are back, the editor's output gone.
    expect(back).toContain('default mode');
    expect(back).toContain('agent · openai-chat/fake-model');
    expect(back).not.toContain('EDITOR-RAN');
    expect(bed.server.requests).toHaveLength(0);
    keys('Enter');
    await waitFor('Got it.');
    const sent = JSON.stringify(bed.server.requests[0]?.body?.messages);
    expect(sent).toContain('first line\\nand the second line');
  }, 120_000);

  it('a failing editor keeps the text, with a note', async () => {
    bed.server = await startOpenAIChatServer([{ text: 'unused' }]);
    launchWithEditor(`: > "$1"; exit 3`);
    await waitFor('default mode');
    typeText('keep me');
    keys('C-g');
    const note = await waitFor('exited with 3');
    expect(note).toContain('keep me');
  }, 120_000);

  it('on a plan card, Ctrl+G edits the plan: the card shows the edit and approving sends it', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      {
        toolCalls: [
          {
            id: 'p1',
            name: 'present_plan',
            arguments: { plan: '# Greeting plan\n\n1. Write greet.ts.' },
          },
        ],
      },
      { text: 'Carrying it out.' },
    ]));
    launchWithEditor(`printf '2. Added by the person.\\n' >> "$1"`, '--mode', 'plan');
    await waitFor('plan mode');
    typeText('plan a greeting');
    keys('Enter');
    await waitFor('Approve, and accept edits');
    keys('C-g');
    const card = await waitFor('2. Added by the person.');
    expect(card).toContain('Approve, and accept edits');
    expect(card).toContain('Write greet.ts.');
    keys('Enter');
    await waitFor('Carrying it out.');
    const messages = (server.requests[1]?.body?.messages ?? []) as Array<Record<string, unknown>>;
    const result = String(messages.find((m) => m.role === 'tool')?.content);
    expect(result).toContain('The person edited the plan before approving it');
    expect(result).toContain('1. Write greet.ts.\n2. Added by the person.');
  }, 120_000);
});
