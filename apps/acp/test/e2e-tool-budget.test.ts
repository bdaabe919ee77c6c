import { hostileMcpStdio, startOpenAIChatServer } from '@agent/testkit';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

describe('agent-acp with an editor MCP server of 1,000 tools', () => {
  const bed = editorBed();
  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([{ text: 'fine' }]);
  });

  it('logs what the tool budget left out once the server is up, and sends at most 128 tools', async () => {
    const big = hostileMcpStdio('many-tools', '1000');
    const { editor, sessionId } = await bed.open({
      forms: true,
      mcpServers: [{ name: 'big', command: big.command, args: big.args, env: [] }],
    });
    expect(await until(() => editor.stderr().includes('Tools left out'), 30_000)).toBe(true);
    expect(editor.stderr()).toMatch(/Tools left out: \d+ of the 1001 tools of MCP server big/);
    expect(await promptText(editor, sessionId, 'hello')).toBe('end_turn');
    const body = bed.fake.requests[0]!.body as { tools: Array<{ function: { name: string } }> };
    expect(body.tools.length).toBeLessThanOrEqual(128);
    expect(body.tools.map((tool) => tool.function.name)).toContain('mcp__big__tool_1');
    expect(editor.stderr().match(/Tools left out/g)).toHaveLength(1);
    expect(await editor.close()).toBe(0);
  });
});
