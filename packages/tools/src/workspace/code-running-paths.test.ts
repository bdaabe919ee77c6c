import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { makeWorkspace, runApproved, type Fixture } from './__tests__/workspace-fixture';
import { editFileTool } from './edit-file';
import { writeFileTool } from './write-file';

// Issue 16 item 5: writes that make git run code need the approval a command needs.

let ws: Fixture;

beforeEach(async () => {
  ws = await makeWorkspace({
    '.git/config': '[core]\n\tbare = false\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    'src/a.ts': 'a\n',
  });
});

afterEach(() => ws.cleanup());

async function escalationOf(relative: string): Promise<string | undefined> {
  return (await writeFileTool().escalate!({ path: relative, content: 'x\n' }, ws.ctx()))?.reason;
}

describe('writes that make git run code', () => {
  it.each([
    ['.git/config', /core\.fsmonitor/],
    ['.git/hooks/pre-commit', /hooks as programs/],
    ['.git/info/attributes', /inside \.git/],
    ['.git/worktrees/w/commondir', /inside \.git/],
    ['.git/modules/sub/config', /core\.fsmonitor/],
    ['.GIT/config', /core\.fsmonitor/],
    ['vendor/lib/.git', /a \.git entry/],
    ['vendor/lib/.git/hooks/post-checkout', /hooks as programs/],
    ['.agent/settings.json', /grant permissions/],
    ['.agent/config.json', /start MCP servers/],
    ['.agent/commands/review.md', /commands and agents/],
    ['.agent/agents/x.md', /steer later runs/],
    ['.mcp.json', /MCP servers named in \.mcp\.json/],
  ])('%s needs exec approval', async (relative, reason) => {
    expect(await escalationOf(relative)).toMatch(reason);
  });

  it.each([
    'src/a.ts',
    '.gitattributes',
    '.gitignore',
    '.gitmodules',
    '.github/workflows/ci.yml',
    'git/config',
    'app/config',
    'hooks/pre-commit',
    'docs/.git-notes.md',
    'docs/.mcp.json.md',
    'agent/config.json',
  ])('%s is an ordinary edit', async (relative) => {
    expect(await escalationOf(relative)).toBeUndefined();
  });

  it('asks exec approval for the agent home when it lies inside the workspace (issue 23)', async () => {
    const ctx = ws.ctx();
    const home = path.join(ws.root, 'home', '.agent');
    const write = (relative: string) =>
      writeFileTool({ agentHome: home }).escalate!({ path: relative, content: '{}' }, ctx);
    for (const file of ['config.json', 'approved-settings.json', 'trusted-workspaces.json']) {
      expect((await write(`home/.agent/${file}`))?.reason).toMatch(/agent home \(AGENT_HOME\)/);
    }
    expect(await write('home/notes.md')).toBeUndefined();
    // Outside the workspace, the agent home changes nothing.
    const outside = writeFileTool({ agentHome: path.join(path.dirname(ws.root), 'elsewhere') });
    expect(await outside.escalate!({ path: 'config.json', content: '{}' }, ctx)).toBeUndefined();
  });

  it('asks exec approval for the hooks folder core.hooksPath names, also before it exists', async () => {
    await fs.rm(path.join(ws.root, '.git'), { recursive: true });
    execFileSync('git', ['init', '-q', ws.root]);
    execFileSync('git', ['-C', ws.root, 'config', 'core.hooksPath', '.husky/_']);
    expect(await escalationOf('.husky/_/pre-commit')).toMatch(
      /git runs the files in \.husky\/_ as programs \(core\.hooksPath/,
    );
    expect(await escalationOf('src/a.ts')).toBeUndefined();
    execFileSync('git', ['-C', ws.root, 'config', 'core.hooksPath', 'githooks']);
    expect(await escalationOf('githooks/pre-push')).toMatch(/githooks as programs/);
    expect(await escalationOf('.husky/_/pre-commit')).toBeUndefined();
    expect(await escalationOf('.git/hooks/pre-commit')).toMatch(/hooks as programs/);
  });

  it('sees through a link into .git and knows a bare repository', async () => {
    await fs.symlink('.git', path.join(ws.root, 'cfg'));
    expect(await escalationOf('cfg/config')).toMatch(/core\.fsmonitor/);
    await ws.write('bare/HEAD', 'ref: refs/heads/main\n');
    expect(await escalationOf('bare/config')).toMatch(/bare|repository/);
    expect(await escalationOf('bare/hooks/pre-commit')).toMatch(/repository/);
    await ws.write('half/config', '[core]\n');
    expect(await escalationOf('half/HEAD')).toMatch(/repository/);
  });

  it('edit_file escalates the same way and the preview still shows the change', async () => {
    const { escalation, preview, result } = await runApproved(
      editFileTool(),
      { path: '.git/config', old_string: 'bare = false', new_string: 'fsmonitor = touch pwned' },
      ws.ctx(),
    );
    expect(escalation).toEqual({ permission: 'exec', reason: expect.stringMatching(/fsmonitor/) });
    expect(preview).toContain('+\tfsmonitor = touch pwned');
    expect(result.isError).toBeUndefined();
  });

  it('a path the tool refuses anyway gets no escalation (the call fails with its own error)', async () => {
    expect(await escalationOf('../outside/.git/config')).toBeUndefined();
  });
});
