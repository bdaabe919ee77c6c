import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { searchEnginesForTests } from '../testing/ripgrep';
import { makeWorkspace, runTool, type Fixture } from './__tests__/workspace-fixture';
import { grepTool } from './grep';
import { listFilesTool } from './list-files';

let ws: Fixture;

beforeEach(async () => {
  ws = await makeWorkspace({
    'README.md': '# needle\n',
    'src/index.ts': 'export const needle = 1;\n',
  });
  // A cloned repository plants FIFOs where rule files are read (issue 26 item 3).
  execFileSync('mkfifo', [
    path.join(ws.root, '.gitignore'),
    path.join(ws.root, 'src', '.gitignore'),
  ]);
});

afterEach(() => ws.cleanup());

describe.each(searchEnginesForTests())('a FIFO named .gitignore (%s)', (engine) => {
  it('does not stop list_files: it counts as having no rules', async () => {
    const result = await runTool(listFilesTool({ engine }), {}, ws.ctx());
    expect(result.isError).toBeFalsy();
    expect(result.output).toContain('README.md');
    expect(result.output).toContain('src/index.ts');
  });

  it('does not stop grep', async () => {
    const result = await runTool(grepTool({ engine }), { pattern: 'needle' }, ws.ctx());
    expect(result.isError).toBeFalsy();
    expect(result.output).toContain('src/index.ts');
    expect(result.output).toContain('README.md');
  });
});
