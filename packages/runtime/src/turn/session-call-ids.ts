import type { SessionEvent } from '@agent/session';

/**
 * The tool-call ids the open session file has used, so no two calls of a session share one: a
 * provider that numbers its calls from the request (which starts over after a compaction) or a
 * gateway that repeats ids would otherwise have the editor update the earlier call, the web page
 * replace it and `/amend` name an ambiguous id. Follows the file as its transcript does: a
 * resumed file's ids (from its last checkpoint on, and the checkpoint's decision ledger) and
 * every call recorded since.
 */
export class SessionCallIds {
  private used = new Set<string>();

  /** A file was opened with `events` in it (none for a new one): its ids are the used ones. */
  opened(events: readonly SessionEvent[]): void {
    this.used = new Set();
    for (const event of events) this.recorded(event);
  }

  recorded(event: SessionEvent): void {
    if (event.type === 'assistant')
      for (const call of event.message.toolCalls) this.used.add(call.id);
    if (event.type === 'checkpoint')
      for (const call of event.decisions ?? []) this.used.add(call.id);
  }

  /** The id a new call goes by: `sent`, or `sent_2`, `sent_3`... when the session used it already. */
  claim(sent: string): string {
    let id = sent;
    for (let n = 2; this.used.has(id); n++) id = `${sent}_${n}`;
    this.used.add(id);
    return id;
  }
}
