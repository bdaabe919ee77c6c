import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AGENTS_MD_LIMIT, buildSystemPrompt, readInstructions } from '../src';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-prompt-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('buildSystemPrompt', () => {
  it('gives coding-agent guidance, the workspace and tools, and no ask_user guidance by default', () => {
    const prompt = buildSystemPrompt({
      workspaceRoot: root,
      toolNames: ['read_file', 'edit_file'],
    });
    expect(prompt).toMatch(/Read before you edit/);
    expect(prompt).toMatch(/small, verified steps/);
    expect(prompt).toMatch(/never imitate a tool call/);
    expect(prompt).toContain(`Workspace: ${root}`);
    expect(prompt).toContain('Tools: read_file, edit_file');
    expect(prompt).not.toMatch(/ask_user/);
    expect(prompt).not.toMatch(/AGENTS\.md/);
  });

  it("includes the workspace's AGENTS.md, bounded, and extra sections last", () => {
    fs.writeFileSync(path.join(root, 'AGENTS.md'), 'Always run pnpm test.\n');
    const prompt = buildSystemPrompt({
      workspaceRoot: root,
      toolNames: [],
      extraSections: ['Use ask_user for real decisions.'],
    });
    expect(prompt).toContain('Always run pnpm test.');
    expect(prompt.trimEnd().endsWith('Use ask_user for real decisions.')).toBe(true);

    fs.writeFileSync(path.join(root, 'AGENTS.md'), 'x'.repeat(AGENTS_MD_LIMIT + 500));
    const bounded = buildSystemPrompt({ workspaceRoot: root, toolNames: [] });
    expect(bounded).toContain('AGENTS.md truncated: 500 more characters');
    expect(bounded.length).toBeLessThan(AGENTS_MD_LIMIT + 3000);
  });
});

describe('AGENTS.md files (issue 14 item 6, issue 16 item 3)', () => {
  let home: string;
  let outside: string;
  beforeEach(() => {
    home = path.join(root, 'home');
    outside = path.join(root, 'outside');
    root = path.join(root, 'workspace');
    for (const dir of [home, outside, path.join(root, 'packages', 'app')]) {
      fs.mkdirSync(dir, { recursive: true });
    }
  });
  afterEach(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

  it('reads the agent home, the root and each folder down to cwd, in that order, labelled', () => {
    fs.writeFileSync(path.join(home, 'AGENTS.md'), 'Answer in British English.\n');
    fs.writeFileSync(path.join(root, 'AGENTS.md'), 'Run pnpm test.\n');
    fs.writeFileSync(path.join(root, 'packages', 'app', 'AGENTS.md'), 'This app uses React.\n');
    const prompt = buildSystemPrompt({
      workspaceRoot: root,
      agentHome: home,
      cwd: path.join(root, 'packages', 'app'),
      toolNames: [],
    });
    const order = [
      `--- ${path.join(home, 'AGENTS.md')} ---\nAnswer in British English.`,
      '--- AGENTS.md ---\nRun pnpm test.',
      '--- packages/app/AGENTS.md ---\nThis app uses React.',
    ].map((part) => prompt.indexOf(part));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Without a cwd below the root only the root's file is read.
    const atRoot = buildSystemPrompt({ workspaceRoot: root, agentHome: home, toolNames: [] });
    expect(atRoot).not.toContain('React');
    expect(atRoot).toContain('Run pnpm test.');
  });

  it('never follows a link out of the workspace or the agent home', () => {
    fs.writeFileSync(path.join(outside, 'credentials'), 'aws_secret_access_key = hunter2\n');
    fs.symlinkSync(path.join(outside, 'credentials'), path.join(root, 'AGENTS.md'));
    fs.symlinkSync(path.join(outside, 'credentials'), path.join(home, 'AGENTS.md'));
    fs.symlinkSync(outside, path.join(root, 'packages', 'app', 'linked'));
    fs.writeFileSync(path.join(outside, 'AGENTS.md'), 'aws_secret_access_key = hunter3\n');
    const prompt = buildSystemPrompt({
      workspaceRoot: root,
      agentHome: home,
      cwd: path.join(root, 'packages', 'app', 'linked'),
      toolNames: [],
    });
    expect(prompt).not.toMatch(/hunter/);
    expect(readInstructions({ workspaceRoot: root, agentHome: home }).skipped).toEqual([
      `${path.join(home, 'AGENTS.md')}: links to ${path.join(fs.realpathSync(outside), 'credentials')}, outside ${fs.realpathSync(home)}; not read`,
      `AGENTS.md: links to ${path.join(fs.realpathSync(outside), 'credentials')}, outside ${fs.realpathSync(root)}; not read`,
    ]);
  });

  it('a link inside the workspace is fine; a directory named AGENTS.md is skipped', () => {
    fs.writeFileSync(path.join(root, 'CONTRIBUTING.md'), 'Keep commits small.\n');
    fs.symlinkSync('CONTRIBUTING.md', path.join(root, 'AGENTS.md'));
    fs.mkdirSync(path.join(root, 'packages', 'AGENTS.md'));
    const prompt = buildSystemPrompt({
      workspaceRoot: root,
      cwd: path.join(root, 'packages'),
      toolNames: [],
    });
    expect(prompt).toContain('--- AGENTS.md ---\nKeep commits small.');
    expect(
      readInstructions({ workspaceRoot: root, cwd: path.join(root, 'packages') }).skipped,
    ).toEqual(['packages/AGENTS.md: is not a regular file; not read']);
  });

  it('bounds a huge file before reading all of it', () => {
    fs.writeFileSync(path.join(root, 'AGENTS.md'), 'y'.repeat(AGENTS_MD_LIMIT * 10));
    const prompt = buildSystemPrompt({ workspaceRoot: root, toolNames: [] });
    expect(prompt).toContain('[... AGENTS.md truncated: more text]');
    expect(prompt.length).toBeLessThan(AGENTS_MD_LIMIT + 3000);
  });
});
