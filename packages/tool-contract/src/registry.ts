import type { Tool } from './tool';
import { toolSpec, type ToolSpec } from './tool-spec';

/** The tools one agent may call, by name. */
export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  constructor(tools: Iterable<Tool> = []) {
    for (const tool of tools) this.register(tool);
  }

  register(tool: Tool): this {
    if (this.tools.has(tool.name)) throw new Error(`tool "${tool.name}" is already registered`);
    this.tools.set(tool.name, tool);
    return this;
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  /**
   * Why a tool of this name, though known, is not offered to the model now (left out of the
   * requests), or undefined: a call of it fails with this reason instead of as an unknown tool.
   */
  unavailable(_name: string): string | undefined {
    return undefined;
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  list(): Tool[] {
    return [...this.tools.values()];
  }

  specs(): ToolSpec[] {
    return this.list().map(toolSpec);
  }
}
