import { toolBudgetFor, windowOf } from '@agent/llm';
import type { Tool } from '@agent/tools';
import { selectTools, type ToolOfferReport, type ToolSelection } from './tool-selection';
import { readWithheldServers, saveWithheldServer } from '../mcp/withheld-servers';

export interface ToolOfferDeps {
  agentHome: string;
  /** The provider the next request goes to (its budget applies). */
  provider(): { id: string; model: string; contextWindow?: number };
  /** Whether a tool is offered at all now (the session's mode): only those count. */
  offers(tool: Tool): boolean;
  /** Tools were left out (told once, and again when more are). */
  onLeftOut(report: ToolOfferReport): void;
  /** A problem with the setting. */
  notice(text: string): void;
}

/**
 * Which of a session's tools its requests offer: the budget of the current provider and model,
 * and the MCP servers the person withholds (saved in `$AGENT_HOME/settings.json`, so the choice
 * holds in every later session). The selection is made afresh whenever the tools, the provider
 * or the choice change; what it leaves out is told once, and again only when more is left out.
 */
export class ToolOffer {
  private withheld: Set<string>;
  private last: { key: string; selection: ToolSelection } | undefined;
  /** Tools left out per server, as last told. */
  private told = new Map<string, number>();

  constructor(private readonly deps: ToolOfferDeps) {
    const { servers, problem } = readWithheldServers(deps.agentHome);
    this.withheld = new Set(servers);
    if (problem) deps.notice(problem);
  }

  /** The selection for these fixed and live tools, now. */
  select(allFixed: readonly Tool[], allLive: readonly Tool[]): ToolSelection {
    const fixed = allFixed.filter((tool) => this.deps.offers(tool));
    const live = allLive.filter((tool) => this.deps.offers(tool));
    const provider = this.deps.provider();
    const { id, model } = provider;
    const window = windowOf(provider);
    const key = [
      id,
      model,
      window,
      [...this.withheld].join('\0'),
      fixed.map((tool) => tool.name).join('\0'),
      live.map((tool) => tool.name).join('\0'),
    ].join('\n');
    if (this.last?.key === key) return this.last.selection;
    const selection = selectTools(fixed, live, toolBudgetFor(id, model, window), this.withheld);
    this.last = { key, selection };
    this.tell(selection.report);
    return selection;
  }

  /** What the last request offered (or would offer), or undefined before any selection. */
  report(): ToolOfferReport | undefined {
    return this.last?.selection.report;
  }

  /** The servers whose tools the person withholds. */
  withheldServers(): string[] {
    return [...this.withheld];
  }

  /**
   * Withholds (`withhold` true) or offers again a server's tools, from the next request on, and
   * saves the choice. Throws with the settings file's name when it cannot be saved (the choice
   * then holds for this session only).
   */
  setWithheld(server: string, withhold: boolean): void {
    if (withhold) this.withheld.add(server);
    else this.withheld.delete(server);
    this.last = undefined;
    saveWithheldServer(this.deps.agentHome, server, withhold);
  }

  /** Tells what is left out when more is left out than was told (not as servers close). */
  private tell(report: ToolOfferReport): void {
    const now = new Map(report.leftOut.map((s) => [s.server, s.total - s.offered]));
    const more = [...now].some(([server, count]) => count > (this.told.get(server) ?? 0));
    this.told = now;
    if (more) this.deps.onLeftOut(report);
  }
}

/**
 * One line for the person on what `report` left out, e.g. "Tools left out: 881 of the 1001
 * tools of MCP server big (openai-chat accepts at most 128 tools); 128 tools are offered."
 */
export function leftOutLine(report: ToolOfferReport): string {
  const rule = report.limit === 'size' ? report.budget.sizeRule : report.budget.countRule;
  const parts = report.leftOut.map(
    (s) =>
      `${s.offered === 0 ? 'all' : s.total - s.offered} of the ${s.total} tools of MCP server ${s.server}`,
  );
  return `Tools left out: ${parts.join(', ')} (${rule}); ${report.offered} tools are offered.`;
}
