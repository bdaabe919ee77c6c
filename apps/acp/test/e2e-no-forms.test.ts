import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

function toolNames(fake: FakeServer, index: number): string[] {
  const body = fake.requests[index]!.body as { tools?: Array<{ function: { name: string } }> };
  return (body.tools ?? []).map((tool) => tool.function.name);
}

/**
 * An editor without form elicitation: no ask_user is advertised, approvals still go through
 * request_permission ("always" remembered for the session), the editor's MCP server runs, a
 * prompt's linked and embedded files reach the model, a command's output streams as it comes.
 */
describe('agent-acp with an editor that shows no forms', () => {
  const bed = editorBed();

  beforeAll(async () => {
    fs.writeFileSync(path.join(bed.sandbox.workspace, 'notes.txt'), 'linked file text\n');
    const shell = (id: string, command: string) => ({
      toolCalls: [{ id, name: 'run_shell', arguments: { command } }],
    });
    bed.fake = await startOpenAIChatServer([
      // `two` waits for the test to see `one` live: bounded by that event, not by a sleep.
      shell('s1', 'touch marker; echo one; while [ ! -e go ]; do sleep 0.05; done; echo two'),
      { text: 'ran it' },
      shell('s2', 'touch marker'),
      { text: 'ran it again' },
    ]);
  });

  it('advertises no ask_user and still asks approvals, runs the editor MCP server, attaches files', async () => {
    const { editor, sessionId } = await bed.open({
      forms: false,
      mcpServers: [
        { name: 'everything', command: process.execPath, args: [everything, 'stdio'], env: [] },
      ],
    });
    const asked: string[] = [];
    editor.answers.permission = (params) => {
      asked.push(params.toolCall.toolCallId);
      return { outcome: { outcome: 'selected', optionId: 'allow-always' } };
    };
    const buffer = pathToFileURL(path.join(bed.sandbox.workspace, 'src', 'buffer.ts')).href;
    const prompt = editor.agent.request('session/prompt', {
      sessionId,
      prompt: [
        { type: 'text', text: 'compare' },
        {
          type: 'resource_link',
          name: 'notes.txt',
          uri: pathToFileURL(path.join(bed.sandbox.workspace, 'notes.txt')).href,
        },
        { type: 'text', text: 'with' },
        { type: 'resource', resource: { uri: buffer, text: 'unsaved buffer text\n' } },
      ],
    });
    // The command's output arrives while it runs: `one` is seen before `two` is written.
    const isS1 = (u: any) => u.sessionUpdate === 'tool_call_update' && u.toolCallId === 's1';
    await editor.waitForUpdate((u: any) => isS1(u) && u.content?.[0]?.content?.text === 'one\n');
    fs.writeFileSync(path.join(bed.sandbox.workspace, 'go'), '');
    const first = await prompt;
    expect(first.stopReason).toBe('end_turn');
    const names = toolNames(bed.fake, 0);
    expect(names).not.toContain('ask_user');
    expect(names).toContain('mcp__everything__echo');
    const sent = JSON.stringify(bed.fake.requests[0]!.body);
    expect(sent).toContain('compare @notes.txt with @src/buffer.ts');
    expect(sent).toContain('<file path=\\"src/buffer.ts\\">\\nunsaved buffer text\\n</file>');
    expect(sent).toContain('<file path=\\"notes.txt\\">\\nlinked file text\\n</file>');

    const updates = editor.updates.filter(isS1) as any[];
    const ended = updates.findIndex((u) => u.status === 'completed');
    const live = updates.slice(0, ended).map((u) => u.content?.[0]?.content?.text);
    expect(live).toContain('one\n');
    expect(editor.updates).toContainEqual(
      expect.objectContaining({ sessionUpdate: 'tool_call', toolCallId: 's1', kind: 'execute' }),
    );

    // "Always" covers the same command for the rest of the session: nobody is asked again.
    expect(await promptText(editor, sessionId, 'again')).toBe('end_turn');
    expect(asked).toEqual(['s1']);
    expect(await editor.close()).toBe(0);
  });
});
