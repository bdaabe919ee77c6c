import { ToolRegistry, type Tool } from '@agent/tools';

/**
 * A registry whose fixed tools are joined, at each read, by tools that come and go (MCP servers'
 * tools as servers connect, fail or reconnect). The loop reads `specs()` for every request and
 * `get()` for every call (`specs()` reads `list()`), so a server's tools join the next request once it is connected. A
 * fixed tool wins over a live one of the same name.
 */
export class LiveToolRegistry extends ToolRegistry {
  constructor(
    tools: Iterable<Tool>,
    private readonly live: () => readonly Tool[],
  ) {
    super(tools);
  }

  override get(name: string): Tool | undefined {
    return super.get(name) ?? this.live().find((tool) => tool.name === name);
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  override names(): string[] {
    return this.list().map((tool) => tool.name);
  }

  override list(): Tool[] {
    const fixed = super.list();
    const taken = new Set(fixed.map((tool) => tool.name));
    return [...fixed, ...this.live().filter((tool) => !taken.has(tool.name))];
  }

  /** The fixed tools only (the system prompt's list: it stays the same for the session). */
  fixedNames(): string[] {
    return super.names();
  }
}
