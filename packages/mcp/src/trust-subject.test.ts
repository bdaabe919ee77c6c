import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadServerConfigs } from './config';
import { createTrustStore } from './trust-store';
import { credentialLike, trustSubject } from './trust-subject';

describe('the trust subject of a workspace .mcp.json (real files, real trust store)', () => {
  let root: string;
  let home: string;
  let workspace: string;
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'trust-subject-')));
    home = path.join(root, 'home');
    workspace = path.join(root, 'ws');
    fs.mkdirSync(home);
    fs.mkdirSync(path.join(workspace, 'bin'), { recursive: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  async function check() {
    const loaded = loadServerConfigs(home, workspace);
    const subject = await trustSubject(loaded.servers, workspace);
    return { loaded, subject };
  }

  it('hashes the workspace files an entry runs, never files outside it', async () => {
    fs.writeFileSync(path.join(workspace, 'server.js'), 'one');
    fs.writeFileSync(path.join(workspace, 'bin', 'tool'), '#!/bin/sh\n');
    fs.writeFileSync(path.join(root, 'outside.js'), 'outside');
    fs.symlinkSync(path.join(root, 'outside.js'), path.join(workspace, 'link.js'));
    fs.writeFileSync(
      path.join(workspace, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          a: { command: 'node', args: ['--no-warnings', 'server.js'] },
          b: { command: './bin/tool', args: ['--flag'] },
          c: { command: 'node', args: ['../outside.js'] },
          d: { command: 'node', args: ['link.js'] },
          e: { command: 'npx', args: ['-y', 'some-server'] },
        },
      }),
    );
    const { subject } = await check();
    expect(Object.keys(subject.programs).sort()).toEqual(['bin/tool', 'server.js']);
  });

  it('a changed program, or a credential not seen at trust time, is a change; ${HOME} is not', async () => {
    fs.writeFileSync(path.join(workspace, 'server.js'), 'one');
    const mcp = (headers: Record<string, string>) =>
      fs.writeFileSync(
        path.join(workspace, '.mcp.json'),
        JSON.stringify({
          mcpServers: {
            a: { command: 'node', args: ['./server.js'] },
            h: { url: 'http://127.0.0.1:9/mcp', headers },
          },
        }),
      );
    mcp({ 'X-Home': '${HOME}' });
    const store = createTrustStore(home);
    const first = await check();
    await store.trust(workspace, first.loaded.workspaceDigest, first.subject);
    expect(
      (await store.trustCheck(workspace, first.loaded.workspaceDigest, first.subject)).state,
    ).toBe('trusted');
    fs.writeFileSync(path.join(workspace, 'server.js'), 'two');
    const edited = await check();
    expect(
      await store.trustCheck(workspace, edited.loaded.workspaceDigest, edited.subject),
    ).toEqual({
      state: 'changed',
      changes: ['server.js changed'],
    });
    // Trust given before variables were kept: only a credential-like one asks again.
    const legacy = {
      version: 1,
      workspaces: { [workspace]: { trustedAt: '', mcpConfigSha256: 'x' } },
    };
    fs.writeFileSync(path.join(home, 'trusted-workspaces.json'), JSON.stringify(legacy));
    mcp({ Authorization: 'Bearer ${OPENAI_API_KEY}' });
    const secret = await check();
    const told = await store.trustCheck(workspace, secret.loaded.workspaceDigest, secret.subject);
    expect(told.changes).toContain(
      'it expands OPENAI_API_KEY, which you did not see when you trusted it',
    );
  });

  it('tells credential-like names from others', () => {
    for (const name of [
      'OPENAI_API_KEY',
      'GH_TOKEN',
      'GH_PAT',
      'MYSQL_PWD',
      'APIKEY',
      'DB_PASSWORD',
      'SENTRY_DSN',
    ]) {
      expect([name, credentialLike(name)]).toEqual([name, true]);
    }
    for (const name of ['HOME', 'PWD', 'PATH', 'USER', 'KEYBOARD_LAYOUT']) {
      expect([name, credentialLike(name)]).toEqual([name, false]);
    }
  });
});
