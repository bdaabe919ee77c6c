import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadServerConfigs, TRUST_FILE } from '@agent/mcp';
import { ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, JSON.stringify(value, null, 2));
}

/** A server program that leaves `marker` in the workspace, says so on stderr and exits. */
function program(marker: string): string {
  return `require('fs').writeFileSync(${JSON.stringify(marker)}, ''); process.stderr.write('${marker} ran\\n'); process.exit(3);\n`;
}

/**
 * What trusting a workspace's .mcp.json trusts, through the REPL on a blessed screen with the
 * real trust store: the program an entry runs (its content), and the variables it expands.
 */
describe('REPL: trusting a workspace MCP server trusts its program and names its variables', () => {
  const harnesses: Harness[] = [];
  const made: Harness[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.stop();
    for (const h of made.splice(0)) h.cleanup();
  });
  const harness = (shared?: { home: string; workspace: string }) => {
    const h = new Harness(240, 40, shared);
    harnesses.push(h);
    if (!shared) made.push(h);
    return h;
  };

  it('a trusted `node ./server.js` is held back once server.js changes, saying so', async () => {
    const first = harness();
    const { workspace } = first;
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { local: { command: 'node', args: ['./server.js'] } },
    });
    writeFileSync(path.join(workspace, 'server.js'), program('first'));
    await first.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    await first.waitForText('were not started (local)', 15_000);
    await first.type('/mcp trust');
    first.send(ENTER);
    await first.waitForText('first ran', 15_000);
    await first.stop({ keep: true });
    harnesses.splice(0);

    // A pull (or the model) rewrites the program; the .mcp.json stays as it was trusted.
    writeFileSync(path.join(workspace, 'server.js'), program('second'));
    const again = harness({ home: first.home, workspace });
    await again.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    const screen = await again.waitForText('changed since you trusted it', 15_000);
    expect(screen).toContain('(server.js changed)');
    expect(screen).toContain('were not started (local)');
    expect(existsSync(path.join(workspace, 'second'))).toBe(false);

    // Trusted as it is now, it starts.
    await again.type('/mcp trust');
    again.send(ENTER);
    await again.waitForText('second ran', 15_000);
    expect(existsSync(path.join(workspace, 'second'))).toBe(true);
  });

  it('the notice names the variables an entry expands; trust given without seeing a credential asks again', async () => {
    const first = harness();
    const mcp = {
      mcpServers: {
        remote: {
          type: 'http',
          url: 'http://127.0.0.1:9/mcp',
          headers: { Authorization: 'Bearer ${OPENAI_API_KEY}', 'X-Home': '${HOME}' },
        },
      },
    };
    writeJson(path.join(first.workspace, '.mcp.json'), mcp);
    await first.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    const screen = await first.waitForText('were not started (remote)', 15_000);
    expect(screen).toContain('remote expands HOME, OPENAI_API_KEY');
    await first.stop({ keep: true });
    harnesses.splice(0);

    // Trust recorded before the notice named variables: the file's digest alone.
    const { workspaceDigest } = loadServerConfigs(first.home, first.workspace);
    writeJson(path.join(first.home, TRUST_FILE), {
      version: 1,
      workspaces: {
        [first.workspace]: {
          trustedAt: new Date().toISOString(),
          mcpConfigSha256: workspaceDigest,
        },
      },
    });
    const again = harness({ home: first.home, workspace: first.workspace });
    await again.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    const told = await again.waitForText('changed since you trusted it', 15_000);
    expect(told).toContain('it expands OPENAI_API_KEY, which you did not see when you trusted it');
    await again.type('/mcp');
    again.send(ENTER);
    await again.waitForText('expands: HOME, OPENAI_API_KEY');
  });
});
