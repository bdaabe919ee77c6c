import type { McpServerStatus, ToolOffer } from '@agent/runtime';
import type { CommandDeps } from './command-runner';
import { openPicker } from './open-picker';
import { PickList, type PickItem } from './pick-list';

/** What a server's row says of its tools: offered (● marks it), withheld, or partly left out. */
function serverItems(servers: readonly McpServerStatus[], offer: ToolOffer): PickItem<string>[] {
  const withheld = new Set(offer.withheldServers());
  const report = offer.report();
  return servers.map((server) => {
    const leftOut = report?.leftOut.find((entry) => entry.server === server.name);
    const count = server.state === 'connected' ? `${server.tools.length} tools` : server.state;
    const note = withheld.has(server.name)
      ? `${count} · not offered`
      : leftOut
        ? `${count} · ${leftOut.offered} offered, the rest left out by the tool budget`
        : `${count} · offered`;
    return { value: server.name, label: server.name, note, current: !withheld.has(server.name) };
  });
}

/**
 * `/mcp tools`: a picker of the MCP servers, ● on those whose tools are offered to the model;
 * Space offers or withholds the selected server's tools from the next request on, saved in
 * `$AGENT_HOME/settings.json` (so later sessions keep the choice); Esc or Enter closes.
 */
export async function pickMcpTools(deps: CommandDeps, signal: AbortSignal): Promise<void> {
  const { app, session } = deps;
  const mcp = session.mcp;
  const offer = session.toolOffer;
  if (!mcp || !offer) {
    return app.info(
      'No MCP servers. Add them under "mcpServers" in $AGENT_HOME/config.json or in the workspace\'s .mcp.json, then restart (see the README).',
    );
  }
  // The selection as the next request would make it, so the rows show what is left out now.
  session.offered.list();
  const picker = new PickList(
    "MCP servers' tools (● offered) · Space toggles · Esc closes",
    serverItems(mcp.servers(), offer),
    { keys: ['space'], empty: 'No MCP servers.' },
  );
  await openPicker(app, picker, 'Space offers or withholds · Esc closes', signal, (outcome) => {
    if (outcome.type !== 'key') return;
    const name = (mcp.servers()[picker.selected] ?? {}).name;
    if (name === undefined) return;
    const withhold = !offer.withheldServers().includes(name);
    try {
      offer.setWithheld(name, withhold);
    } catch (error) {
      app.error(
        `Could not save the choice (it holds for this session): ${(error as Error).message}`,
      );
    }
    session.offered.list();
    app.flash(
      withhold
        ? `${name}'s tools are no longer offered to the model.`
        : `${name}'s tools are offered again.`,
      4000,
    );
    picker.setItems(serverItems(mcp.servers(), offer));
  });
}
