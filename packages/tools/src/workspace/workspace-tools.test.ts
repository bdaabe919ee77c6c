import { ToolRegistry } from '@agent/tool-contract';
import { createWorkspaceTools } from './index';

describe('createWorkspaceTools', () => {
  const tools = createWorkspaceTools();

  it('gives six tools with their permission classes', () => {
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.permission]))).toEqual({
      read_file: 'read',
      list_files: 'read',
      grep: 'read',
      write_file: 'edit',
      edit_file: 'edit',
      run_shell: 'exec',
    });
  });

  it('describes every call in one line', () => {
    const samples: Record<string, unknown> = {
      read_file: { path: 'a.ts' },
      list_files: { pattern: '**/*.ts' },
      grep: { pattern: 'TODO', glob: '*.ts' },
      write_file: { path: 'a.ts', content: 'x\n' },
      edit_file: { path: 'a.ts', old_string: 'a', new_string: 'b', replace_all: true },
      run_shell: { command: 'pnpm test' },
    };
    const lines = tools.map((tool) => tool.describe!(samples[tool.name]));
    expect(lines).toEqual([
      'read a.ts',
      'list **/*.ts in .',
      'grep /TODO/ in . (*.ts)',
      'write a.ts (1 line)',
      'edit a.ts (all occurrences)',
      '$ pnpm test',
    ]);
  });

  // Changing what the model is offered is a reviewed change: update the snapshot on purpose.
  it('advertises stable JSON Schema specs', () => {
    expect(new ToolRegistry(tools).specs()).toMatchSnapshot();
  });
});
