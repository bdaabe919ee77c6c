import fs from 'node:fs';
import path from 'node:path';
import { createTrustStore, loadServerConfigs, TRUST_FILE, type McpServerStatus } from '../src';
import { everythingStdio, tempDir, writeJson } from './support/servers';
import { managersClosedAfterEach } from './support/managers';

const start = managersClosedAfterEach();

describe('workspace trust', () => {
  it('starts nothing from an untrusted .mcp.json, and starts it once trusted', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const marker = path.join(workspace, 'started');
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { local: { command: 'sh', args: ['-c', `touch '${marker}'`] } },
    });
    writeJson(path.join(home, 'config.json'), { mcpServers: { mine: everythingStdio() } });

    const manager = start({ agentHome: home, workspace });
    await manager.ready();
    // Give a wrongly started process time to leave its mark.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(marker)).toBe(false);
    const byName = Object.fromEntries(manager.servers().map((s) => [s.name, s]));
    expect(byName.local).toMatchObject({
      scope: 'workspace',
      state: 'disabled-untrusted',
      tools: [],
    });
    expect(byName.mine).toMatchObject({ scope: 'user', state: 'connected' });
    expect(manager.tools().every((t) => t.name.startsWith('mcp__mine__'))).toBe(true);
    expect(await manager.reconnect('local')).toMatchObject({ state: 'disabled-untrusted' });
    expect(fs.existsSync(marker)).toBe(false);

    await manager.trustWorkspace();
    expect(fs.existsSync(marker)).toBe(true);
    // The marker server exits at once: reported, not fatal.
    expect(manager.servers().find((s) => s.name === 'local')).toMatchObject({ state: 'failed' });
    const trustFile = path.join(home, TRUST_FILE);
    expect(fs.statSync(trustFile).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(fs.readFileSync(trustFile, 'utf8')).workspaces)).toEqual([
      workspace,
    ]);
  });

  it('remembers trust by real path and lets headless override it without remembering', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const link = path.join(tempDir('mcp-link-'), 'ws');
    fs.symlinkSync(workspace, link);
    const store = createTrustStore(home);
    expect(await store.trustState(link, 'digest')).toBe('untrusted');

    const marker = path.join(workspace, 'started');
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { local: { command: 'sh', args: ['-c', `touch '${marker}'`] } },
    });
    const manager = start({ agentHome: home, workspace: link, trustOverride: true });
    await manager.ready();
    expect(fs.existsSync(marker)).toBe(true);
    expect(fs.existsSync(path.join(home, TRUST_FILE))).toBe(false);

    await store.trust(link, 'digest');
    expect(await store.trustState(workspace, 'digest')).toBe('trusted');
    expect(await store.trustState(workspace, 'other')).toBe('changed');
    expect(await store.trustState(home, 'digest')).toBe('untrusted');

    // Trust remembered before it was tied to the content asks again, as a changed file does.
    writeJson(path.join(home, TRUST_FILE), {
      version: 1,
      workspaces: { [workspace]: { trustedAt: '2026-01-01T00:00:00.000Z' } },
    });
    expect(await store.trustState(workspace, 'digest')).toBe('changed');
  });

  it('holds the servers back again when the trusted .mcp.json changes, until trusted again', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const marker = (name: string) => path.join(workspace, `started-${name}`);
    const touch = (name: string) => ({ command: 'sh', args: ['-c', `touch '${marker(name)}'`] });
    writeJson(path.join(workspace, '.mcp.json'), { mcpServers: { first: touch('first') } });
    const trusting = start({ agentHome: home, workspace });
    await trusting.ready();
    await trusting.trustWorkspace();
    expect(fs.existsSync(marker('first'))).toBe(true);
    await trusting.close();

    // The same configuration, reformatted: still trusted.
    fs.rmSync(marker('first'));
    fs.writeFileSync(
      path.join(workspace, '.mcp.json'),
      JSON.stringify({ mcpServers: { first: touch('first') } }),
    );
    const same = start({ agentHome: home, workspace });
    await same.ready();
    expect(await same.workspaceTrusted()).toBe(true);
    expect(fs.existsSync(marker('first'))).toBe(true);

    // A pull adds a server: nothing of the workspace starts without asking again.
    fs.rmSync(marker('first'));
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { first: touch('first'), added: touch('added') },
    });
    const changed = start({ agentHome: home, workspace });
    await changed.ready();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(marker('first'))).toBe(false);
    expect(fs.existsSync(marker('added'))).toBe(false);
    expect(await changed.workspaceTrusted()).toBe(false);
    expect(changed.servers()).toEqual([
      expect.objectContaining({ name: 'first', state: 'disabled-untrusted', configChanged: true }),
      expect.objectContaining({ name: 'added', state: 'disabled-untrusted', configChanged: true }),
    ]);
    await changed.trustWorkspace();
    expect(fs.existsSync(marker('added'))).toBe(true);
    const digest = loadServerConfigs(home, workspace).workspaceDigest;
    expect(await createTrustStore(home).trustState(workspace, digest)).toBe('trusted');
  });

  it('starts nothing of a trusted workspace when trust is overridden to false (headless)', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const marker = path.join(workspace, 'started');
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { local: { command: 'sh', args: ['-c', `touch '${marker}'`] } },
    });
    const digest = loadServerConfigs(home, workspace).workspaceDigest;
    await createTrustStore(home).trust(workspace, digest);
    const manager = start({ agentHome: home, workspace, trustOverride: false });
    await manager.ready();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(marker)).toBe(false);
    expect(manager.servers()).toEqual([
      expect.objectContaining({ name: 'local', state: 'disabled-untrusted' }),
    ]);
  });

  it('announces all untrusted servers at once, with the configuration problems', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const never = { command: 'sh', args: ['-c', 'exit 1'] };
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { alpha: never, beta: never, gamma: never },
    });
    fs.writeFileSync(path.join(home, 'config.json'), '{ "mcpServers": ');
    const calls: { servers: McpServerStatus[]; errors: string[] }[] = [];
    const manager = start({
      agentHome: home,
      workspace,
      onChange: (servers, errors) => calls.push({ servers, errors }),
    });
    await manager.ready();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.servers.map((s) => `${s.name}:${s.state}`)).toEqual([
      'alpha:disabled-untrusted',
      'beta:disabled-untrusted',
      'gamma:disabled-untrusted',
    ]);
    expect(calls[0]!.errors).toEqual([expect.stringMatching(/config\.json: not valid JSON/)]);
  });
});
