import { createWorkspaceTools, readFileTool, ToolRegistry, type Tool } from '@agent/tools';
import { z } from 'zod';
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
  it('builds read-only tools for the explore profile and all six for general', () => {
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
    ]);
  });

  it('gives explore every tool that only reads and general every workspace tool', () => {
    const [explore, general] = BUILTIN_PROFILES;
    const everyTool = createWorkspaceTools();
    const readOnly = everyTool.filter((tool) => tool.permission === 'read');
    expect(buildSubagentRegistry(explore!.tools).names()).toEqual(readOnly.map((t) => t.name));
    expect(buildSubagentRegistry(general!.tools).names()).toEqual(everyTool.map((t) => t.name));
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
});
