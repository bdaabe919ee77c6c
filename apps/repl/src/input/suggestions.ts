import { completionEntries } from '../app/commands/slash-commands';
import { suggestCommands, type CommandInfo } from './commands';
import type { Key } from './key';

/** What accepting a suggestion does to the prompt. */
export type SuggestionOutcome =
  | { type: 'none' }
  | { type: 'moved' }
  | { type: 'fill'; text: string }
  | { type: 'run'; text: string };

/**
 * The `/` command popup: shown while the prompt is a lone `/word`. Up/Down move, Tab fills the
 * selected command, Enter runs it (or fills it when it takes an argument), Esc hides it.
 */
export class Suggestions {
  items: CommandInfo[] = [];
  selected = 0;
  /** First item of the visible window (see `window`). */
  private top = 0;
  private dismissedFor: string | undefined;
  /** The commands offered: the built-in ones, then custom commands once loaded. */
  commands: readonly CommandInfo[] = completionEntries();

  update(text: string): void {
    const items = this.dismissedFor === text ? [] : suggestCommands(text, this.commands);
    if (items.map((i) => i.name).join() !== this.items.map((i) => i.name).join()) {
      this.selected = 0;
      this.top = 0;
    }
    this.items = items;
    if (this.dismissedFor !== text) this.dismissedFor = undefined;
  }

  /**
   * The `size` items to show: the window scrolls only when the selection leaves it, and every
   * item can be reached (Up from the first wraps to the last).
   */
  window(size: number): { items: CommandInfo[]; first: number } {
    const rows = Math.max(1, size);
    if (this.selected < this.top) this.top = this.selected;
    if (this.selected >= this.top + rows) this.top = this.selected - rows + 1;
    this.top = Math.max(0, Math.min(this.top, this.items.length - rows));
    return { items: this.items.slice(this.top, this.top + rows), first: this.top };
  }

  get visible(): boolean {
    return this.items.length > 0;
  }

  handleKey(key: Key, text: string): SuggestionOutcome {
    if (!this.visible) return { type: 'none' };
    const current = this.items[this.selected]!;
    switch (key.name) {
      case 'up':
        this.selected = (this.selected + this.items.length - 1) % this.items.length;
        return { type: 'moved' };
      case 'down':
        this.selected = (this.selected + 1) % this.items.length;
        return { type: 'moved' };
      case 'tab':
        return { type: 'fill', text: current.takesArgument ? `${current.name} ` : current.name };
      case 'escape':
        this.dismissedFor = text;
        this.items = [];
        return { type: 'moved' };
      case 'enter':
        if (key.shift || key.meta) return { type: 'none' };
        if (current.takesArgument && text !== current.name) {
          return { type: 'fill', text: `${current.name} ` };
        }
        return { type: 'run', text: current.name };
    }
    return { type: 'none' };
  }
}
