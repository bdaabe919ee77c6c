import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadProfiles } from './load-profiles';
import { parseProfile } from './parse-profile';

const reviewer = `---
name: reviewer
description: Reviews a diff for bugs
tools: [read_file, grep]
model: small-model
---
You review diffs. Report bugs with file and line.
`;

describe('agent profiles', () => {
  it('parses front matter and body', () => {
    expect(parseProfile(reviewer, 'reviewer.md')).toEqual({
      name: 'reviewer',
      description: 'Reviews a diff for bugs',
      tools: ['read_file', 'grep'],
      model: 'small-model',
      systemPrompt: 'You review diffs. Report bugs with file and line.',
      source: 'reviewer.md',
    });
  });

  it('accepts MCP tool patterns in tools', () => {
    const profile = parseProfile(
      '---\nname: a\ndescription: b\ntools: [grep, "mcp__files__*", mcp__web__fetch]\n---\nbody',
      'a.md',
    );
    expect(profile.tools).toEqual(['grep', 'mcp__files__*', 'mcp__web__fetch']);
  });

  it('defaults to read-only tools', () => {
    const profile = parseProfile('---\nname: a\ndescription: b\n---\nbody', 'a.md');
    expect(profile.tools).toEqual(['read_file', 'list_files', 'grep']);
  });

  it.each([
    ['no front matter', 'just text', /a\.md: missing front matter/],
    [
      'an unknown tool',
      '---\nname: a\ndescription: b\ntools: [grep, deploy]\n---\nx',
      /a\.md: tools: unknown tool "deploy"/,
    ],
    [
      'ask_user',
      '---\nname: a\ndescription: b\ntools: [ask_user]\n---\nx',
      /tools: unknown tool "ask_user"/,
    ],
    [
      'a bad name',
      '---\nname: Bad Name\ndescription: b\n---\nx',
      /a\.md: name: expected lower-case/,
    ],
    ['a missing description', '---\nname: a\n---\nx', /a\.md: description: /],
    ['an unknown field', '---\nname: a\ndescription: b\ncolour: red\n---\nx', /a\.md: .*colour/],
    ['an empty body', '---\nname: a\ndescription: b\n---\n  \n', /a\.md: the body .* is empty/],
    ['bad YAML', '---\nname: [a\n---\nx', /a\.md: front matter is not valid YAML/],
  ])('rejects %s with a clear error', (_label, text, message) => {
    expect(() => parseProfile(text, 'a.md')).toThrow(message);
  });

  it('loads built-ins, then $AGENT_HOME/agents, then the workspace, reporting bad files', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'profiles-'));
    const home = path.join(root, 'home');
    const workspace = path.join(root, 'ws');
    await mkdir(path.join(home, 'agents'), { recursive: true });
    await mkdir(path.join(workspace, '.agent', 'agents'), { recursive: true });
    await writeFile(path.join(home, 'agents', 'reviewer.md'), reviewer);
    await writeFile(
      path.join(workspace, '.agent', 'agents', 'explore.md'),
      '---\nname: explore\ndescription: project explorer\n---\nExplore this repo.',
    );
    await writeFile(
      path.join(workspace, '.agent', 'agents', 'broken.md'),
      '---\nname: broken\ndescription: x\ntools: [teleport]\n---\nx',
    );
    const { profiles, errors } = await loadProfiles({ agentHome: home, workspaceRoot: workspace });
    expect([...profiles.keys()].sort()).toEqual(['explore', 'general', 'reviewer']);
    expect(profiles.get('explore')!.description).toBe('project explorer');
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/broken\.md: tools: unknown tool "teleport"/),
    ]);
  });
});
