import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { StreamEvent } from '../../provider';
import { ChatChunkReader } from '../openai-chat/chat-stream';
import { generateCallId, type EndEvent, type StreamReader } from '../shared';
import { ToolBlockParser, type ParsedPiece } from './tool-block-parser';

/**
 * Chat Completions chunks whose text holds ```tool blocks: the blocks become
 * tool_call_start/delta/end with generated ids and are not shown as prose. A broken stream keeps
 * its prose and drops an unfinished block; a complete one with calls ends `tool_use`.
 */
export class TextToolReader implements StreamReader<ChatCompletionChunk> {
  private readonly chat = new ChatChunkReader();
  private readonly parser = new ToolBlockParser();
  private calls = 0;

  push(chunk: ChatCompletionChunk): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const event of this.chat.push(chunk)) {
      if (event.type === 'text_delta') this.emit(this.parser.push(event.text), out);
      else out.push(event);
    }
    return out;
  }

  finish(): { events: StreamEvent[]; end: EndEvent } {
    const { events, end } = this.chat.finish();
    return this.close(events, end);
  }

  fail(error: unknown): { events: StreamEvent[]; end?: EndEvent } {
    const { events, end } = this.chat.fail(error);
    if (end) return this.close(events, end);
    const out = [...events];
    this.emit(this.parser.abandon(), out);
    return { events: out };
  }

  private close(events: StreamEvent[], end: EndEvent): { events: StreamEvent[]; end: EndEvent } {
    const out = [...events];
    if (end.stopReason === 'error' || end.stopReason === 'aborted') {
      this.emit(this.parser.abandon(), out);
      return { events: out, end };
    }
    this.emit(this.parser.finish(), out);
    const withCalls: EndEvent =
      this.calls > 0 && end.stopReason === 'stop' ? { ...end, stopReason: 'tool_use' } : end;
    return { events: out, end: withCalls };
  }

  private emit(pieces: ParsedPiece[], out: StreamEvent[]): void {
    for (const piece of pieces) {
      if (piece.kind === 'text') {
        out.push({ type: 'text_delta', text: piece.text });
        continue;
      }
      this.calls++;
      const id = generateCallId();
      out.push({ type: 'tool_call_start', id, name: piece.name });
      if (piece.arguments)
        out.push({ type: 'tool_call_delta', id, argumentsDelta: piece.arguments });
      out.push({ type: 'tool_call_end', id, name: piece.name, arguments: piece.arguments });
    }
  }
}
