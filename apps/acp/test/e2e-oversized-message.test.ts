import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { startOpenAIChatServer } from '@agent/testkit';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(120_000);

/** Over the 32 MiB the agent reads in one JSON-RPC message. */
const HUGE_TEXT = 'x'.repeat(33 * 1024 * 1024);

/** Resolves when the agent's stderr (as `read` returns it so far) contains `text`. */
async function untilStderr(child: ChildProcess, read: () => string, text: string): Promise<void> {
  const exited = once(child, 'exit');
  while (!read().includes(text)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the agent exited; its stderr: ${read()}`);
    }
    await Promise.race([once(child.stderr!, 'data'), exited]);
  }
}

describe('agent-acp and a JSON-RPC message over its size limit', () => {
  const bed = editorBed('test');
  beforeEach(async () => {
    bed.fake = await startOpenAIChatServer([{ text: 'Still here.' }]);
  });

  it('answers it with an error naming the limit, and keeps serving the editor', async () => {
    const { editor, sessionId } = await bed.open({ forms: false });
    await expect(
      editor.agent.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: HUGE_TEXT }],
      }),
    ).rejects.toMatchObject({
      code: -32600,
      message: expect.stringMatching(
        /larger than the agent reads \(32 MiB in one JSON-RPC message\)/,
      ),
    });
    expect(await promptText(editor, sessionId, 'Are you there?')).toBe('end_turn');
    expect(bed.fake.requests).toHaveLength(1);
    expect(JSON.stringify(bed.fake.requests[0]!.body)).not.toContain('xxxxxxxx');
    expect(await editor.close()).toBe(0);
  });

  it('answers with id null when the id comes after the part it reads, and keeps serving', async () => {
    const { editor, sessionId } = await bed.open({ forms: false });
    // The SDK's client reports an error response it can pair with no request of its own.
    const unpaired = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Written by hand (the SDK puts the id first): the id follows 33 MiB of params.
    const params = JSON.stringify({ sessionId, prompt: [{ type: 'text', text: HUGE_TEXT }] });
    editor.child.stdin!.write(
      `{"jsonrpc":"2.0","method":"session/prompt","params":${params},"id":"late-id"}\n`,
    );
    await untilStderr(
      editor.child,
      editor.stderr,
      'refused an incoming message over 33554432 bytes (id null)',
    );
    expect(await promptText(editor, sessionId, 'Are you there?')).toBe('end_turn');
    expect(unpaired).toHaveBeenCalledWith('Got response to unknown request', null);
    unpaired.mockRestore();
    expect(await editor.close()).toBe(0);
  });
});
