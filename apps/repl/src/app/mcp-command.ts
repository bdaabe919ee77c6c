import type { McpManager, McpServerStatus } from '@agent/runtime';
import type { ReplApp } from './repl-app';

export const MCP_USAGE = 'Usage: /mcp · /mcp trust · /mcp reconnect NAME';

const STATE_LABEL: Record<McpServerStatus['state'], string> = {
  connecting: 'connecting…',
  connected: 'connected',
  failed: 'failed',
  disabled: 'disabled in its configuration',
  'disabled-untrusted': 'not started: workspace not trusted (/mcp trust)',
  closed: 'stopped',
};

/** The `/mcp` report: each server with its scope, transport, state, tools and error. */
export function mcpReport(mcp: McpManager): string {
  const servers = mcp.servers();
  const errors = mcp.configErrors();
  if (servers.length === 0 && errors.length === 0) {
    return 'No MCP servers. Add them under "mcpServers" in $AGENT_HOME/config.json or in the workspace\'s .mcp.json (see the README).';
  }
  const lines = ['MCP servers:'];
  for (const server of servers) {
    lines.push(
      `  ${server.name} (${server.scope}, ${server.transport}: ${server.target}) · ${STATE_LABEL[server.state]}`,
    );
    if (server.state === 'connected') {
      lines.push(`    tools: ${server.tools.length ? server.tools.join(', ') : '(none)'}`);
    }
    if (server.error) lines.push(`    error: ${server.error}`);
  }
  for (const error of errors) lines.push(`  configuration: ${error}`);
  return lines.join('\n');
}

/** Runs `/mcp [trust | reconnect NAME]`. */
export async function runMcpCommand(args: string, mcp: McpManager | undefined, app: ReplApp) {
  if (!mcp) {
    return app.info(
      'No MCP servers. Add them under "mcpServers" in $AGENT_HOME/config.json or in the workspace\'s .mcp.json, then restart (see the README).',
    );
  }
  const [sub, ...rest] = args.split(/\s+/).filter(Boolean);
  if (sub === undefined) return app.info(mcpReport(mcp));
  if (sub === 'trust' && rest.length === 0) {
    const untrusted = mcp.servers().filter((s) => s.state === 'disabled-untrusted');
    if (untrusted.length === 0 && (await mcp.workspaceTrusted())) {
      return app.info('This workspace is already trusted.');
    }
    app.info('Trusting this workspace (remembered) and starting its .mcp.json servers…');
    await mcp.trustWorkspace();
    return app.info(mcpReport(mcp));
  }
  if (sub === 'reconnect' && rest.length === 1) {
    const name = rest[0]!;
    if (!mcp.servers().some((s) => s.name === name)) {
      return app.error(`No MCP server named "${name}". /mcp lists them.`);
    }
    app.info(`Reconnecting ${name}…`);
    const status = await mcp.reconnect(name);
    const tail = status.error ? `: ${status.error}` : '';
    const report = `${name}: ${STATE_LABEL[status.state]}${tail}`;
    return status.state === 'failed' ? app.error(report) : app.info(report);
  }
  return app.error(MCP_USAGE);
}

/**
 * What the person is told about MCP servers without asking: the workspace's untrusted servers
 * once (with how to trust them), and each failure once per failure.
 */
export class McpNotices {
  private toldUntrusted = false;
  private readonly failed = new Map<string, string>();

  constructor(private readonly app: ReplApp) {}

  update(servers: readonly McpServerStatus[]): void {
    const untrusted = servers.filter((s) => s.state === 'disabled-untrusted');
    if (untrusted.length > 0 && !this.toldUntrusted) {
      this.toldUntrusted = true;
      this.app.info(
        `This workspace's .mcp.json defines MCP servers that were not started (${untrusted
          .map((s) => s.name)
          .join(
            ', ',
          )}): they run programs. Type /mcp trust to trust this workspace and start them (remembered).`,
      );
    }
    for (const server of servers) {
      if (server.state !== 'failed') {
        this.failed.delete(server.name);
        continue;
      }
      const error = server.error ?? 'unknown error';
      if (this.failed.get(server.name) === error) continue;
      this.failed.set(server.name, error);
      this.app.error(`MCP server ${server.name} failed: ${error} (/mcp lists the servers)`);
    }
  }
}
