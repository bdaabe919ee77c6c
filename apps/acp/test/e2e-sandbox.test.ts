import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { bwrapForTests } from '@agent/tools/testing';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const describeSandbox = bwrapForTests() ? describe : describe.skip;

describeSandbox('agent-acp: a command the sandbox blocked (real bubblewrap)', () => {
  const bed = editorBed();
  let outside: string;

  beforeAll(() => {
    // Outside the workspace and outside /tmp (the sandbox's /tmp is a private one).
    outside = fs.mkdtempSync('/var/tmp/acp-sandbox-');
  });

  afterAll(() => {
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('asks the editor with once-only options; "run once outside" runs it unsandboxed', async () => {
    const target = path.join(outside, 'from-editor.txt');
    bed.fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 's1', name: 'run_shell', arguments: { command: `touch ${target}` } }] },
      { text: 'touched' },
    ]);
    const { editor, sessionId } = await bed.open({
      forms: false,
    });
    const asked: Array<{ names: string[]; kinds: string[] }> = [];
    editor.answers.permission = (params) => {
      asked.push({
        names: params.options.map((option) => option.name),
        kinds: params.options.map((option) => option.kind),
      });
      return { outcome: { outcome: 'selected', optionId: 'allow-once' } };
    };
    expect(await promptText(editor, sessionId, 'touch it')).toBe('end_turn');
    expect(asked).toHaveLength(2);
    expect(asked[0]!.kinds).toContain('allow_always');
    expect(asked[1]).toEqual({
      names: [
        'Yes, run it again once outside the sandbox, with your rights',
        'No, keep the sandboxed result',
      ],
      kinds: ['allow_once', 'reject_once'],
    });
    expect(fs.existsSync(target)).toBe(true);
    const messages = JSON.stringify((bed.fake.requests[1]!.body as { messages: unknown }).messages);
    expect(messages).toContain('The person approved running it once outside the sandbox');
    await editor.close();
  });
});
