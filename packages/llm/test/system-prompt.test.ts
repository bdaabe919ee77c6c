import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AGENTS_MD_LIMIT, buildSystemPrompt } from '../src';

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
