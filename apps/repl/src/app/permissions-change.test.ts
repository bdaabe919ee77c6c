import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PermissionRuleSet, settingsFile } from '@agent/runtime';
import { addRule, editRule, removeRule } from './permissions-change';

describe('/permissions add, edit and remove against real settings files', () => {
  let home: string;
  let workspace: string;
  let rules: PermissionRuleSet;
  const saved = (scope: 'user' | 'workspace') =>
    JSON.parse(readFileSync(settingsFile(scope, home, workspace), 'utf8')).permissions;

  beforeEach(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'perm-change-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'perm-change-ws-'));
    rules = new PermissionRuleSet({ agentHome: home, workspace, workspaceTrusted: false });
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  it('adds a rule per scope, in force at once and written to that scope’s file', () => {
    expect(addRule(rules, 'user deny run_shell(npm publish)')).toEqual({
      info: 'Added the deny rule run_shell(npm publish) (saved in the user settings).',
    });
    expect(saved('user')).toEqual({ deny: ['run_shell(npm publish)'] });
    expect(addRule(rules, 'workspace allow run_shell(npm test)')).toEqual({
      info: 'Added the allow rule run_shell(npm test) (saved in the workspace settings).',
    });
    expect(saved('workspace')).toEqual({ allow: ['run_shell(npm test)'] });
    expect(addRule(rules, 'session deny web_fetch')).toEqual({
      info: 'Added the deny rule web_fetch (for this session).',
    });
    expect(rules.list().map((r) => `${r.action} ${r.text} ${rules.scopeOf(r)}`)).toEqual([
      'deny web_fetch session',
      'deny run_shell(npm publish) user',
      'allow run_shell(npm test) workspace',
    ]);
  });

  it('a malformed rule, scope or action is a clear error and nothing is written', () => {
    const bad = addRule(rules, 'user deny run_shell(npm publish');
    expect(bad).toMatchObject({ error: expect.stringMatching(/^Nothing changed: /) });
    expect(addRule(rules, 'project deny web_fetch')).toMatchObject({
      error: expect.stringContaining('Unknown scope project: session, workspace or user'),
    });
    expect(addRule(rules, 'user ask web_fetch')).toMatchObject({
      error: expect.stringContaining('Unknown action ask: allow or deny'),
    });
    expect(addRule(rules, 'user')).toMatchObject({ error: expect.stringContaining('Usage:') });
    expect(existsSync(settingsFile('user', home, workspace))).toBe(false);
    expect(rules.list()).toEqual([]);
  });

  it('edits rule N in its scope and removes rule N from its file', () => {
    addRule(rules, 'user deny run_shell(npm publish)');
    expect(editRule(rules, '1 run_shell(npm publish *)')).toEqual({
      info: 'Added the deny rule run_shell(npm publish *) (saved in the user settings). It replaces run_shell(npm publish).',
    });
    expect(saved('user')).toEqual({ deny: ['run_shell(npm publish *)'] });
    expect(editRule(rules, '1 run_shell(')).toMatchObject({ error: expect.any(String) });
    expect(saved('user')).toEqual({ deny: ['run_shell(npm publish *)'] });
    expect(editRule(rules, '7 web_fetch')).toMatchObject({
      error: expect.stringContaining('N from'),
    });
    expect(removeRule(rules, '1')).toEqual({
      info: `Removed the deny rule run_shell(npm publish *) (${settingsFile('user', home, workspace)}).`,
    });
    expect(saved('user')).toEqual({ deny: [] });
    expect(rules.list()).toEqual([]);
    expect(removeRule(rules, '1')).toMatchObject({ error: expect.stringContaining('Usage:') });
  });
});
