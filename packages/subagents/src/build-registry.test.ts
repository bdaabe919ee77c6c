import { createWorkspaceTools, readFileTool, ToolRegistry, type Tool } from '@agent/tools';
import { z } from 'zod/v4';
import { buildSubagentRegistry } from './build-registry';
import { BUILTIN_PROFILES } from './profiles/builtin-profiles';

const parentAskUser: Tool = {
  name: 'ask_user',
  description: 'asks the person',
  inputSchema: z.object({}),
  permission: 'read',
  interactive: true,
  retainsOutput: true,
  execute: async () => ({ output: '{"answers":[],"cancelled":false}' }),
};

describe('buildSubagentRegistry', () => {
  it('builds read-only tools for the explore profile and all seven for general', () => {
    const [explore, general] = BUILTIN_PROFILES;
    expect(buildSubagentRegistry(explore!.tools).names()).toEqual([
      'read_file',
      'list_files',
      'grep',
    ]);
    expect(buildSubagentRegistry(general!.tools).names()).toEqual([
      'read_file',
      'list_files',
      'grep',
      'write_file',
      'edit_file',
      'run_shell',
      'web_fetch',
    ]);
  });

  it('gives explore every tool that only reads and general every workspace tool and web_fetch', () => {
    const [explore, general] = BUILTIN_PROFILES;
    const everyTool = createWorkspaceTools();
    const readOnly = everyTool.filter((tool) => tool.permission === 'read');
    expect(buildSubagentRegistry(explore!.tools).names()).toEqual(readOnly.map((t) => t.name));
    expect(buildSubagentRegistry(general!.tools).names()).toEqual([
      ...everyTool.map((t) => t.name),
      'web_fetch',
    ]);
  });

  it('never contains ask_user, even built from a parent registry that has it', () => {
    const parent = new ToolRegistry([readFileTool(), parentAskUser]);
    for (const profile of BUILTIN_PROFILES) {
      expect(buildSubagentRegistry(profile.tools, parent).has('ask_user')).toBe(false);
    }
    expect(() => buildSubagentRegistry(['read_file', 'ask_user'], parent)).toThrow(
      /unknown tool for a subagent: ask_user; available: read_file, list_files/,
    );
  });

  it('reuses the parent instance of an allow-listed tool', () => {
    const parentRead = readFileTool();
    const parent = new ToolRegistry([parentRead, parentAskUser]);
    expect(buildSubagentRegistry(['read_file'], parent).get('read_file')).toBe(parentRead);
  });

  it('names every unknown tool', () => {
    expect(() => buildSubagentRegistry(['grep', 'deploy', 'ask_user'])).toThrow(
      /unknown tools for a subagent: deploy, ask_user/,
    );
  });

  it('allows MCP tools by mcp__<server>__* or by name, from the tools connected now', () => {
    const mcpTool = (name: string, interactive = false): Tool => ({
      name,
      description: name,
      inputSchema: z.object({}),
      permission: 'exec',
      ...(interactive ? { interactive } : {}),
      execute: async () => ({ output: name }),
    });
    const connected = [
      mcpTool('mcp__files__read_text_file'),
      mcpTool('mcp__files__list_directory'),
      mcpTool('mcp__files_extra__x'),
      mcpTool('mcp__web__fetch'),
      mcpTool('mcp__web__ask', true),
    ];
    const registry = buildSubagentRegistry(
      ['read_file', 'mcp__files__*', 'mcp__web__fetch', 'mcp__web__ask'],
      undefined,
      connected,
    );
    expect(registry.names()).toEqual([
      'read_file',
      'mcp__files__read_text_file',
      'mcp__files__list_directory',
      'mcp__web__fetch',
    ]);
    // A server that is not connected gives nothing; the pattern itself is not an error.
    expect(buildSubagentRegistry(['mcp__gone__*'], undefined, connected).names()).toEqual([]);
    expect(() => buildSubagentRegistry(['mcp__bad name__*'])).toThrow(/unknown tool/);
  });
});
