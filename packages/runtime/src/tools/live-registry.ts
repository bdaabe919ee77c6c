import { ToolRegistry, type Tool } from '@agent/tools';
import type { ToolSelection } from './tool-selection';

/**
 * A registry whose fixed tools are joined, at each read, by tools that come and go (MCP servers'
 * tools as servers connect, fail or reconnect). The loop reads `specs()` for every request and
 * `get()` for every call (`specs()` reads `list()`), so a server's tools join the next request once it is connected. A
 * fixed tool wins over a live one of the same name. `select` decides which live tools are offered
 * (the tool budget, the servers the person withholds); a call of one left out fails with why.
 */
export class LiveToolRegistry extends ToolRegistry {
  constructor(
    tools: Iterable<Tool>,
    private readonly live: () => readonly Tool[],
    private readonly select?: (fixed: readonly Tool[], live: readonly Tool[]) => ToolSelection,
  ) {
    super(tools);
  }

  override get(name: string): Tool | undefined {
    return super.get(name) ?? this.offeredLive().find((tool) => tool.name === name);
  }

  override unavailable(name: string): string | undefined {
    if (super.get(name) || !this.select) return undefined;
    return this.selection().why(name);
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  override names(): string[] {
    return this.list().map((tool) => tool.name);
  }

  override list(): Tool[] {
    return [...super.list(), ...this.offeredLive()];
  }

  /** The live tools offered now: not shadowed by a fixed tool, and selected. */
  private offeredLive(): Tool[] {
    return this.select ? this.selection().tools : this.unshadowed();
  }

  private selection(): ToolSelection {
    return this.select!(super.list(), this.unshadowed());
  }

  private unshadowed(): Tool[] {
    const taken = new Set(super.names());
    return this.live().filter((tool) => !taken.has(tool.name));
  }

  /** The fixed tools only (the system prompt's list: it stays the same for the session). */
  fixedNames(): string[] {
    return super.names();
  }
}
