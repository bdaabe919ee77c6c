import type { NotifySettings } from '@agent/llm/config';
import type { ConversationEvent } from '@agent/runtime';
import type { AnyPersonRequest } from '@agent/tools';
import { describeWaitingCard, terminalAlert } from './card-alert';
import { runNotifyCommand } from './notify-command';

/** What the notifier needs of its front end (the REPL, `agent serve`). */
export interface NotifierDeps {
  settings: NotifySettings | false;
  /** Writes raw bytes to the terminal (past the screen's painter); absent without a terminal. */
  writeTerminal?(data: string): void;
  /** The link that opens card `id` on the web page, while a web server runs. */
  cardUrl?(id: string): string | undefined;
  /** Whether the REPL runs inside tmux (its passthrough wrapping). */
  inTmux: boolean;
  /** The session and workspace the card belongs to. */
  where(): { session?: string; workspace: string };
  /** Tells the person that the notify program failed (never fatal). */
  report(message: string): void;
}

/**
 * Announces a card that waits (ASK_USER.md section 9): once it has been shown for
 * `afterSeconds` without an answer, the bell and a desktop notification (on a terminal), and the
 * person's `notify.command` with the card's JSON description on stdin (with the card's `url` on
 * the web page while one is served); once per card. `watch` returns
 * the function that ends the watch when the card is answered or withdrawn: the timer is
 * cleared and a notify program still running is stopped.
 */
export class CardNotifier {
  /** The watches of the cards shown now, by card id. */
  private readonly watching = new Map<string, () => void>();

  constructor(private readonly deps: NotifierDeps) {}

  /** Follows the conversation's cards: each shown card is watched until it closes. */
  hear(event: ConversationEvent): void {
    if (event.type === 'card_shown') {
      const { request } = event.card;
      this.stopWatching(request.id);
      this.watching.set(request.id, this.watch(request));
    } else if (event.type === 'card_closed') this.stopWatching(event.id);
  }

  /** Ends every watch (the front end is closing). */
  stop(): void {
    for (const id of [...this.watching.keys()]) this.stopWatching(id);
  }

  private stopWatching(id: string): void {
    this.watching.get(id)?.();
    this.watching.delete(id);
  }

  watch(request: AnyPersonRequest): () => void {
    const { settings } = this.deps;
    if (settings === false) return () => undefined;
    const stop = new AbortController();
    const timer = setTimeout(
      () => this.announce(request, settings, stop.signal),
      settings.afterSeconds * 1000,
    );
    timer.unref?.();
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }

  private announce(request: AnyPersonRequest, settings: NotifySettings, signal: AbortSignal): void {
    if (signal.aborted || request.signal.aborted) return;
    const url = this.deps.cardUrl?.(request.id);
    const card = { ...describeWaitingCard(request, this.deps.where()), ...(url ? { url } : {}) };
    this.deps.writeTerminal?.(terminalAlert(card, this.deps.inTmux));
    if (settings.command === undefined) return;
    void runNotifyCommand(settings.command, `${JSON.stringify(card)}\n`, {
      cwd: card.workspace,
      signal,
    }).then((problem) => {
      if (problem !== undefined && !signal.aborted)
        this.deps.report(`notify.command failed: ${problem}`);
    });
  }
}
