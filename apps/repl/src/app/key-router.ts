import { InputState } from '../input/input-state';
import { isSubmitKey, type Key } from '../input/key';
import { mentionAt } from '../input/mention-completion';
import { MentionList } from '../input/mention-list';
import { Suggestions } from '../input/suggestions';
import type { PromptTyping } from '../person/typing-guard';
import type { EditableText, ModalSlot } from './modal';
import { DoublePress } from './double-press';

/** What key handling may make the app do. */
export interface RouterActions {
  /** A turn (or a command) is running. */
  isBusy(): boolean;
  /** A prompt or slash command the person submitted; `queue`: for after the running turn. */
  submit(text: string, display?: string, queue?: boolean): void;
  /** Esc or Ctrl+C during a turn: interrupt at once (the stream and running tools). */
  interrupt(): void;
  /** Takes the last queued prompt back out of the queue (Up on an empty prompt), if any. */
  takeQueued(): string | undefined;
  quit(): void;
  /** A transient hint for the status line. */
  notify(text: string): void;
  /** Scrolls the transcript by rows (negative = older). */
  scroll(rows: number): void;
  pageSize(): number;
  /** Ctrl+O: expand or fold long tool output. */
  toggleFold(): void;
  /** Something visible changed: schedule a paint. */
  changed(): void;
  /** Shift+Tab, on the prompt (no `@` matches to cycle) or on a card: the next mode. */
  cycleMode?(): void;
  /** Ctrl+G: the prompt's text (or a card's, when it has some to edit) in `$VISUAL` / `$EDITOR`. */
  openEditor?(card?: EditableText): void;
  /** A paste that may be an image file's path: true when the image attachments took it. */
  pasteImage?(text: string): boolean;
  /** Backspace or Ctrl+C on an empty prompt: drops the last image attachment, if any. */
  dropAttachment?(): boolean;
  /** Images are attached to the next message: Enter sends them even without text. */
  hasAttachments?(): boolean;
}

/**
 * Routes every key: Ctrl+C first (interrupt / clear / quit), scrolling, then the active modal if
 * any (it alone gets keys), then the command suggestions, Esc, and finally the prompt editor.
 */
export class KeyRouter {
  readonly input = new InputState();
  readonly suggestions = new Suggestions();
  /** The live `@` list under the prompt. */
  readonly mentionList = new MentionList();
  /** Ctrl+C or Ctrl+D on an empty idle prompt, which a second one in time quits. */
  private readonly quitPress: DoublePress<'Ctrl+C' | 'Ctrl+D'>;
  /** Esc on a typed idle prompt, which a second one in time clears. */
  private readonly escPress: DoublePress<'Esc'>;

  constructor(
    private readonly modals: ModalSlot,
    private readonly actions: RouterActions,
    now: () => number = () => Date.now(),
  ) {
    this.quitPress = new DoublePress(now);
    this.escPress = new DoublePress(now);
  }

  handleKey(key: Key): void {
    const name = key.full ?? key.name;
    if (name !== 'escape') this.escPress.forget();
    if (name === 'C-c') return this.ctrlC();
    if ((name === 'pageup' || name === 'pagedown') && !this.modals.active?.handlesPaging?.()) {
      if (this.modals.active?.handlePage?.(name === 'pageup' ? -1 : 1)) {
        return this.actions.changed();
      }
      const page = Math.max(1, this.actions.pageSize() - 1);
      this.actions.scroll(name === 'pageup' ? -page : page);
      return this.actions.changed();
    }
    if (name === 'return') return;
    const modal = this.modals.active;
    // On a card too, as in Claude Code: a waiting call the new mode approves runs at once.
    if (name === 'S-tab' && this.actions.cycleMode && modal && !modal.ownsShiftTab) {
      this.actions.cycleMode();
      return this.actions.changed();
    }
    if (name === 'C-g' && this.actions.openEditor && (!modal || modal.editable)) {
      return this.actions.openEditor(modal?.editable);
    }
    if (modal) {
      modal.handleKey(key);
      return this.actions.changed();
    }
    // Ctrl+D on an empty prompt between turns is end of input, as in a shell: twice quits.
    if (name === 'C-d' && this.input.isEmpty && !this.actions.isBusy()) {
      return this.quitOnSecondPress('Ctrl+D');
    }
    // A recalled `/command` shows its menu, but Up/Down go on walking the history until edited.
    const walking = (name === 'up' || name === 'down') && this.input.browsingHistory;
    if (this.suggestions.visible && !walking) {
      const outcome = this.suggestions.handleKey(key, this.input.text);
      if (outcome.type === 'fill') this.input.setText(outcome.text);
      if (outcome.type === 'run') {
        this.input.setText(outcome.text);
        const result = this.input.handleKey({ name: 'enter', full: 'enter' });
        if (result.type === 'submit') this.actions.submit(result.text, result.display);
      }
      if (outcome.type !== 'none') return this.afterEdit();
    }
    if (this.mentionList.visible && !walking) {
      const outcome = this.mentionList.handleKey(key, this.input.text, this.input.cursor);
      if (outcome.type === 'pick') {
        this.input.setText(outcome.text);
        this.input.cursor = outcome.cursor;
      }
      if (outcome.type !== 'none') return this.afterEdit();
    }
    if (name === 'S-tab' && this.actions.cycleMode) {
      this.actions.cycleMode();
      return this.actions.changed();
    }
    // Tab on an `@word` whose list was closed (Esc) opens it again.
    if (name === 'tab' && mentionAt(this.input.text, this.input.cursor)) {
      this.mentionList.reopen();
      return this.afterEdit();
    }
    // While the agent works, Enter sends into its turn; Tab queues the text for after it.
    if (name === 'tab' && this.actions.isBusy() && !this.input.isEmpty) {
      const result = this.input.handleKey({ name: 'enter', full: 'enter' });
      if (result.type === 'submit') this.actions.submit(result.text, result.display, true);
      return this.afterEdit();
    }
    if (name === 'C-o') {
      this.actions.toggleFold();
      return this.actions.changed();
    }
    if (name === 'escape') {
      if (this.actions.isBusy()) {
        this.actions.interrupt();
        this.actions.changed();
      } else if (!this.input.isEmpty) this.escOnPrompt();
      return;
    }
    if (name === 'up' && this.input.isEmpty) {
      const queued = this.actions.takeQueued();
      if (queued !== undefined) {
        this.input.setText(queued);
        return this.afterEdit();
      }
    }
    if (this.input.isEmpty && key.name === 'backspace' && this.actions.dropAttachment?.()) {
      return this.afterEdit();
    }
    if (this.input.isEmpty && isSubmitKey(key) && this.actions.hasAttachments?.()) {
      this.actions.submit('');
      return this.afterEdit();
    }
    const result = this.input.handleKey(key);
    if (result.type === 'submit') this.actions.submit(result.text, result.display);
    if (result.type !== 'ignored') this.afterEdit();
  }

  /** The prompt, as a card that opens while the person types leaves it to them. */
  promptTyping(): PromptTyping {
    return {
      active: () => !this.input.isEmpty,
      key: (key) => this.editPrompt(key),
      paste: (text) => this.pastePrompt(text),
    };
  }

  /** Edits the prompt with `key` (never submits): typing a card leaves in the prompt. */
  editPrompt(key: Key): void {
    const result = this.input.handleKey(key);
    if (result.type !== 'ignored' && result.type !== 'submit') this.afterEdit();
  }

  /** Pastes into the prompt, whatever is active. */
  pastePrompt(text: string): void {
    if (this.input.paste(text).type !== 'ignored') this.afterEdit();
  }

  handlePaste(text: string): void {
    const modal = this.modals.active;
    if (modal) {
      modal.handlePaste?.(text);
      return this.actions.changed();
    }
    if (this.actions.pasteImage?.(text)) return;
    if (this.input.paste(text).type !== 'ignored') this.afterEdit();
  }

  private ctrlC(): void {
    const modal = this.modals.active;
    if (modal || this.actions.isBusy()) {
      this.quitPress.forget();
      this.actions.interrupt();
      modal?.cancel?.();
      return this.actions.changed();
    }
    if (!this.input.isEmpty) {
      this.input.clear();
      return this.afterEdit();
    }
    if (this.actions.dropAttachment?.()) return this.afterEdit();
    this.quitOnSecondPress('Ctrl+C');
  }

  /** The second press of `keyName` in time quits; the first says so. */
  private quitOnSecondPress(keyName: 'Ctrl+C' | 'Ctrl+D'): void {
    if (this.quitPress.second(keyName)) return this.actions.quit();
    this.actions.notify(`Press ${keyName} again to quit`);
    this.actions.changed();
  }

  /** Esc twice on a typed idle prompt clears it; Up brings the text back. */
  private escOnPrompt(): void {
    if (this.escPress.second('Esc')) {
      this.input.setAside();
      this.actions.notify('Prompt cleared: ↑ brings it back');
      return this.afterEdit();
    }
    this.actions.notify('Press Esc again to clear the prompt');
    this.actions.changed();
  }

  private afterEdit(): void {
    this.suggestions.update(this.input.text);
    this.mentionList.update(this.input.text, this.input.cursor);
    this.actions.changed();
  }
}
