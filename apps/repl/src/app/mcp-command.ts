import type { McpManager, McpServerStatus, ToolOffer } from '@agent/runtime';
import type { ReplApp } from './repl-app';

export const MCP_USAGE = 'Usage: /mcp · /mcp tools · /mcp trust · /mcp reconnect NAME';

const STATE_LABEL: Record<McpServerStatus['state'], string> = {
  connecting: 'connecting…',
  connected: 'connected',
  failed: 'failed',
  disabled: 'disabled in its configuration',
  'disabled-untrusted': 'not started: workspace not trusted (/mcp trust)',
  closed: 'stopped',
};

/**
 * The `/mcp` report: each server with its scope, transport, state, tools and error, and which of
 * its tools requests offer (withheld by the person, or partly left out by the tool budget).
 */
export function mcpReport(mcp: McpManager, offer?: ToolOffer): string {
  const servers = mcp.servers();
  const errors = mcp.configErrors();
  if (servers.length === 0 && errors.length === 0) {
    return 'No MCP servers. Add them under "mcpServers" in $AGENT_HOME/config.json or in the workspace\'s .mcp.json (see the README).';
  }
  const lines = ['MCP servers:'];
  for (const server of servers) {
    const state = server.configChanged
      ? `not started: ${changeList(server)} since you trusted it (/mcp trust)`
      : STATE_LABEL[server.state];
    lines.push(
      `  ${server.name} (${server.scope}, ${server.transport}: ${server.target}) · ${state}`,
    );
    if (server.state === 'connected') {
      lines.push(`    tools: ${toolList(server.tools)}`);
      const offered = offeredLine(server, offer);
      if (offered) lines.push(`    ${offered}`);
    }
    if (server.error) lines.push(`    error: ${server.error}`);
    if (server.scope === 'workspace' && server.variables.length > 0) {
      lines.push(`    expands: ${server.variables.join(', ')}`);
    }
  }
  for (const error of errors) lines.push(`  configuration: ${error}`);
  const report = offer?.report();
  if (report && (report.leftOut.length > 0 || report.withheld.length > 0)) {
    lines.push(`  ${report.offered} tools are offered in all; /mcp tools chooses whose.`);
  }
  return lines.join('\n');
}

/** Tool names listed in the report at most: a server may have a thousand. */
const LISTED_TOOLS = 20;

function toolList(tools: readonly string[]): string {
  if (tools.length === 0) return '(none)';
  const more = tools.length - LISTED_TOOLS;
  return tools.slice(0, LISTED_TOOLS).join(', ') + (more > 0 ? ` and ${more} more` : '');
}

function offeredLine(server: McpServerStatus, offer: ToolOffer | undefined): string | undefined {
  if (!offer) return undefined;
  if (offer.withheldServers().includes(server.name)) return 'not offered to the model (/mcp tools)';
  const report = offer.report();
  const leftOut = report?.leftOut.find((entry) => entry.server === server.name);
  if (!report || !leftOut) return undefined;
  const rule = report.limit === 'size' ? report.budget.sizeRule : report.budget.countRule;
  return `offered: ${leftOut.offered} of ${leftOut.total} (${rule}; /mcp tools chooses)`;
}

/** Runs `/mcp [trust | reconnect NAME]` (`/mcp tools` is the picker of mcp-tools-picker). */
export async function runMcpCommand(
  args: string,
  mcp: McpManager | undefined,
  app: ReplApp,
  offer?: ToolOffer,
) {
  if (!mcp) {
    return app.info(
      'No MCP servers. Add them under "mcpServers" in $AGENT_HOME/config.json or in the workspace\'s .mcp.json, then restart (see the README).',
    );
  }
  const [sub, ...rest] = args.split(/\s+/).filter(Boolean);
  if (sub === undefined) return app.info(mcpReport(mcp, offer));
  if (sub === 'trust' && rest.length === 0) {
    const untrusted = mcp.servers().filter((s) => s.state === 'disabled-untrusted');
    if (untrusted.length === 0 && (await mcp.workspaceTrusted())) {
      return app.info('This workspace is already trusted.');
    }
    app.info(
      "Trusting this workspace's .mcp.json as it is now (remembered; a change to it asks again) and starting its servers…",
    );
    await mcp.trustWorkspace();
    return app.info(mcpReport(mcp, offer));
  }
  if (sub === 'reconnect' && rest.length === 1) {
    const name = rest[0]!;
    if (!mcp.servers().some((s) => s.name === name)) {
      return app.error(`No MCP server named "${name}". /mcp lists them.`);
    }
    app.info(`Reconnecting ${name}…`);
    // The outcome is reported here, once: the notices stay quiet about this server meanwhile.
    const quiet = quietServers(app);
    quiet.add(name);
    let status: McpServerStatus;
    try {
      status = await mcp.reconnect(name);
    } finally {
      quiet.delete(name);
    }
    const tail = status.error ? `: ${status.error}` : '';
    const report = `${name}: ${STATE_LABEL[status.state]}${tail}`;
    return status.state === 'failed' ? app.error(report) : app.info(report);
  }
  return app.error(MCP_USAGE);
}

/** Servers a running `/mcp reconnect` reports on itself, per app. */
const quietByApp = new WeakMap<ReplApp, Set<string>>();

function quietServers(app: ReplApp): Set<string> {
  let quiet = quietByApp.get(app);
  if (!quiet) quietByApp.set(app, (quiet = new Set()));
  return quiet;
}

/**
 * What the person is told about MCP servers without asking: each configuration problem once,
 * the workspace's untrusted servers once, all in one notice (with why: never trusted, or
 * changed since trusted, and how to trust them), and each failure once per failure.
 */
export class McpNotices {
  private toldUntrusted = false;
  private readonly toldErrors = new Set<string>();
  private readonly failed = new Map<string, string>();

  constructor(private readonly app: ReplApp) {}

  update(servers: readonly McpServerStatus[], configErrors: readonly string[] = []): void {
    for (const problem of configErrors) {
      if (this.toldErrors.has(problem)) continue;
      this.toldErrors.add(problem);
      this.app.error(`MCP configuration: ${problem} (/mcp lists the servers)`);
    }
    const untrusted = servers.filter((s) => s.state === 'disabled-untrusted');
    if (untrusted.length > 0 && !this.toldUntrusted) {
      this.toldUntrusted = true;
      const names = untrusted.map((s) => s.name).join(', ');
      const changed = untrusted.find((s) => s.configChanged);
      this.app.info(
        (changed
          ? `This workspace's MCP configuration changed since you trusted it (${changeList(changed)}): its MCP servers were not started (${names}).`
          : `This workspace's .mcp.json defines MCP servers that were not started (${names}): they run programs.`) +
          expansions(untrusted) +
          (changed
            ? ' Check them, then type /mcp trust to trust them as they are now and start them.'
            : ' Type /mcp trust to trust this workspace and start them (remembered).'),
      );
    }
    const quiet = quietByApp.get(this.app);
    for (const server of servers) {
      if (server.state !== 'failed') {
        this.failed.delete(server.name);
        continue;
      }
      const error = server.error ?? 'unknown error';
      if (this.failed.get(server.name) === error) continue;
      this.failed.set(server.name, error);
      if (quiet?.has(server.name)) continue;
      this.app.error(`MCP server ${server.name} failed: ${error} (/mcp lists the servers)`);
    }
  }
}

/** What changed since the trust, from the manager (`server.js changed; .mcp.json changed`). */
function changeList(server: McpServerStatus): string {
  const changes = server.trustChanges ?? [];
  return changes.length > 0 ? changes.join('; ') : '.mcp.json changed';
}

/**
 * The variables each untrusted entry would expand into what it starts or sends, so trusting it
 * is trusting it with their values: ` alpha expands OPENAI_API_KEY; beta expands GH_TOKEN.`
 */
function expansions(servers: readonly McpServerStatus[]): string {
  const parts = servers
    .filter((s) => s.variables.length > 0)
    .map((s) => `${s.name} expands ${s.variables.join(', ')}`);
  return parts.length > 0
    ? ` Trusting them passes these environment variables' values to them: ${parts.join('; ')}.`
    : '';
}
