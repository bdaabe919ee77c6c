import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTrustStore, loadServerConfigs } from '@agent/mcp';
import { ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';
import { occurrences } from './support/occurrences';

const ENTER = '\r';

/** A stdio server entry that exits at once, saying why on stderr. */
function broken(message: string) {
  return { command: 'sh', args: ['-c', `echo '${message}' >&2; exit 3`] };
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, JSON.stringify(value, null, 2));
}

describe('REPL notices about MCP servers (real configuration files, real trust store)', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  // Wide enough that no notice wraps.
  const harness = () => new Harness(240, 40);

  it('names every untrusted server of the workspace in one notice', async () => {
    h = harness();
    writeJson(path.join(h.workspace, '.mcp.json'), {
      mcpServers: { alpha: broken('a'), beta: broken('b'), gamma: broken('c') },
    });
    await h.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    const screen = await h.waitForText('were not started (alpha, beta, gamma)', 15_000);
    expect(occurrences(screen, 'were not started')).toBe(1);
  });

  it('reports a malformed .mcp.json at start, not only in /mcp', async () => {
    h = harness();
    writeFileSync(path.join(h.workspace, '.mcp.json'), '{ "mcpServers": { "x": ');
    await h.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    const screen = await h.waitForText('MCP configuration: ', 15_000);
    expect(screen).toMatch(/MCP configuration: .*\.mcp\.json: not valid JSON/);
  });

  it('holds back the servers of a .mcp.json changed since it was trusted, saying so', async () => {
    h = harness();
    const file = path.join(h.workspace, '.mcp.json');
    writeJson(file, { mcpServers: { alpha: broken('a') } });
    const { workspaceDigest } = loadServerConfigs(h.home, h.workspace);
    await createTrustStore(h.home).trust(h.workspace, workspaceDigest);
    // A pull adds a server.
    writeJson(file, { mcpServers: { alpha: broken('a'), added: broken('added') } });
    await h.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    const screen = await h.waitForText('changed since you trusted it', 15_000);
    expect(screen).toContain('were not started (alpha, added)');
    expect(screen).toContain('/mcp trust');
    expect(screen).not.toContain('stderr: added');
  });

  it('/mcp reconnect of a broken server reports its failure once', async () => {
    h = harness();
    writeJson(path.join(h.home, 'config.json'), { mcpServers: { broken: broken('boom-xyz') } });
    await h.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    await h.waitForText('stderr: boom-xyz', 15_000);
    await h.type('/mcp reconnect broken');
    h.send(ENTER);
    await h.waitForText('broken: failed');
    // A command run after it: a notice the reconnect still had on its way is drawn before.
    await h.type('/sessions');
    h.send(ENTER);
    const screen = await h.waitForText('No saved sessions for this directory yet.');
    // Once at start, once for the reconnect.
    expect(occurrences(screen, 'stderr: boom-xyz')).toBe(2);
  });
});
