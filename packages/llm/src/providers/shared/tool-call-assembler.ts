import { randomUUID } from 'node:crypto';
import type { StreamEvent } from '../../provider';

interface OpenCall {
  id: string;
  name: string;
  fragments: string[];
}

/** A fresh tool-call id for wires (or text conventions) that do not give one. */
export function generateCallId(): string {
  return `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

/**
 * Assembles streamed argument fragments into complete tool calls, keyed by whatever the wire
 * uses to address a call (an index, an item id, a block index). Returns the neutral events to
 * emit. Calls still open when the stream dies are simply dropped (`discard`), never completed.
 */
export class ToolCallAssembler {
  private readonly open = new Map<string | number, OpenCall>();

  isOpen(key: string | number): boolean {
    return this.open.has(key);
  }

  hasOpenCalls(): boolean {
    return this.open.size > 0;
  }

  /** Opens a call; a missing or blank id gets a generated one. */
  start(key: string | number, id: string | undefined, name: string): StreamEvent {
    const call: OpenCall = { id: id || generateCallId(), name, fragments: [] };
    this.open.set(key, call);
    return { type: 'tool_call_start', id: call.id, name };
  }

  /** Adds a fragment; returns the delta event, or nothing for an unknown key or empty text. */
  append(key: string | number, fragment: string): StreamEvent | undefined {
    const call = this.open.get(key);
    if (!call || !fragment) return undefined;
    call.fragments.push(fragment);
    return { type: 'tool_call_delta', id: call.id, argumentsDelta: fragment };
  }

  /** Fills in a name that arrived after the call opened. */
  rename(key: string | number, name: string): void {
    const call = this.open.get(key);
    if (call && !call.name) call.name = name;
  }

  /**
   * Completes a call. `fullArguments`, when the wire repeats the whole text at the end, wins
   * over the assembled fragments.
   */
  finish(key: string | number, fullArguments?: string): StreamEvent | undefined {
    const call = this.open.get(key);
    if (!call) return undefined;
    this.open.delete(key);
    const args = fullArguments ?? call.fragments.join('');
    return { type: 'tool_call_end', id: call.id, name: call.name, arguments: args };
  }

  /** Completes every open call in the order they were opened. */
  finishAll(): StreamEvent[] {
    const events: StreamEvent[] = [];
    for (const key of [...this.open.keys()]) {
      const event = this.finish(key);
      if (event) events.push(event);
    }
    return events;
  }

  /** Forgets unfinished calls (a cut stream must not complete them). */
  discard(): void {
    this.open.clear();
  }
}
