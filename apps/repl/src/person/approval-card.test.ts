import type { PermissionRequest } from '@agent/tools';
import { personDesk } from '../../test/support/person-desk';
import { lineText } from '../text/line';
import { TranscriptView } from '../view/transcript-view';

const request = (id: string, toolName = 'write_file'): PermissionRequest => ({
  toolCallId: id,
  toolName,
  permission: 'edit',
  title: `write ${id}.txt`,
  input: {},
});

function setup() {
  const desk = personDesk();
  const { transcript, modals } = desk.host;
  const requester = {
    request: (payload: PermissionRequest, signal: AbortSignal) =>
      desk.ask('approval', payload, signal),
  };
  const screen = () => new TranscriptView(transcript).render(60, 40).map(lineText).join('\n');
  return { transcript, modals, requester, screen, prompt: desk.prompt };
}

describe('the approval card', () => {
  it('asks one card at a time; an "always" rule settles the waiting cards it covers', async () => {
    const { requester, modals, screen } = setup();
    const signal = new AbortController().signal;
    const first = requester.request(request('a'), signal);
    const second = requester.request(request('b'), signal);
    const other = requester.request(request('c', 'run_shell'), signal);
    // The cards behind the first wait unseen.
    expect(screen()).not.toContain('write b.txt');
    expect(screen().match(/Allow editing\?/g)).toHaveLength(1);
    modals.active!.handleKey({ name: 'a', ch: 'a' });
    modals.active!.handleKey({ name: 'enter' });
    await expect(first).resolves.toEqual({
      kind: 'allow',
      always: true,
      rule: 'write_file',
      scope: 'session',
      approval: { by: 'person', on: 'the terminal' },
    });
    // The person's "always" answered it too, and its record says so.
    await expect(second).resolves.toEqual({
      kind: 'allow',
      approval: {
        by: 'person',
        on: 'the terminal',
        choice: 'always',
        rule: 'write_file',
        scope: 'session',
      },
    });
    expect(screen()).toContain('Yes, allow once');
    expect(screen()).toMatch(/Allow editing\? run_shell +│\n│ {3}write c\.txt/);
    modals.active!.handleKey({ name: 'escape' });
    await expect(other).resolves.toEqual({
      kind: 'deny',
      approval: { by: 'person', on: 'the terminal' },
    });
    expect(modals.active).toBeUndefined();
  });

  it('"always" for edits of a tool does not cover its calls raised to exec (issue 16 item 5)', async () => {
    const { requester, modals, screen } = setup();
    const signal = new AbortController().signal;
    const edit = requester.request(request('a'), signal);
    modals.active!.handleKey({ name: 'a', ch: 'a' });
    modals.active!.handleKey({ name: 'enter' });
    await expect(edit).resolves.toEqual({
      kind: 'allow',
      always: true,
      rule: 'write_file',
      scope: 'session',
      approval: { by: 'person', on: 'the terminal' },
    });
    const hook = requester.request(
      {
        ...request('.git/hooks/pre-commit'),
        permission: 'exec',
        reason: 'git runs the files in .git/hooks as programs',
      },
      signal,
    );
    expect(modals.active).toBeDefined();
    expect(screen()).toContain('git runs the files in .git/hooks as programs');
    modals.active!.handleKey({ name: 'escape' });
    await expect(hook).resolves.toEqual({
      kind: 'deny',
      approval: { by: 'person', on: 'the terminal' },
    });
  });

  it('rejects with the abort reason and closes the card when the turn is interrupted', async () => {
    const { requester, modals, screen } = setup();
    const controller = new AbortController();
    const pending = requester.request(request('a'), controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(modals.active).toBeUndefined();
    expect(screen()).toContain('Interrupted before an answer');
  });

  it("turns the call's status line to waiting, then into the one record of the answer", async () => {
    const { transcript, requester, modals, screen } = setup();
    const signal = new AbortController().signal;
    for (const id of ['a', 'b']) {
      transcript.add({
        kind: 'tool',
        id,
        name: 'write_file',
        title: `write ${id}.txt`,
        state: 'running',
      });
    }
    const first = requester.request(request('a'), signal);
    const second = requester.request(request('b'), signal);
    expect(screen()).toContain('… Waiting for approval: write a.txt');
    expect(screen()).toContain('… Waiting for approval: write b.txt');
    expect(screen()).not.toContain('Running');
    modals.active!.handleKey({ name: 'a', ch: 'a' });
    modals.active!.handleKey({ name: 'enter' });
    await Promise.all([first, second]);
    // The cards are gone: each call's line runs. How it was allowed comes with the tool loop's
    // record of the approval (test/approval-record.test.ts shows it, live and replayed).
    expect(transcript.segments.map((s) => s.kind)).toEqual(['tool', 'tool']);
    expect(screen()).toMatch(/^⠋ Running write a\.txt$/m);
    expect(screen()).toMatch(/^⠋ Running write b\.txt$/m);
  });
});
