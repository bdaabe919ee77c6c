import type { StreamEvent } from '../../provider';
import { generateCallId, type EndEvent } from '../shared';
import { ToolBlockParser, type ParsedPiece } from './tool-block-parser';

/**
 * Turns the text of a Chat Completions stream into prose and tool calls: ```tool blocks become
 * tool_call_start/delta/end with generated ids and are not shown as prose. A broken stream keeps
 * its prose and drops an unfinished block; a complete one with calls ends `tool_use`.
 */
export async function* extractToolBlocks(
  events: AsyncGenerator<StreamEvent, EndEvent>,
): AsyncGenerator<StreamEvent, EndEvent> {
  const parser = new ToolBlockParser();
  let calls = 0;
  const emit = function* (pieces: ParsedPiece[]): Generator<StreamEvent> {
    for (const piece of pieces) {
      if (piece.kind === 'text') {
        yield { type: 'text_delta', text: piece.text };
        continue;
      }
      calls++;
      const id = generateCallId();
      yield { type: 'tool_call_start', id, name: piece.name };
      if (piece.arguments) yield { type: 'tool_call_delta', id, argumentsDelta: piece.arguments };
      yield { type: 'tool_call_end', id, name: piece.name, arguments: piece.arguments };
    }
  };
  for (;;) {
    let step: IteratorResult<StreamEvent, EndEvent>;
    try {
      step = await events.next();
    } catch (error) {
      yield* emit(parser.abandon());
      throw error;
    }
    if (!step.done) {
      if (step.value.type === 'text_delta') yield* emit(parser.push(step.value.text));
      else yield step.value;
      continue;
    }
    const end = step.value;
    if (end.stopReason === 'error' || end.stopReason === 'aborted') {
      yield* emit(parser.abandon());
      return end;
    }
    yield* emit(parser.finish());
    return calls > 0 && end.stopReason === 'stop' ? { ...end, stopReason: 'tool_use' } : end;
  }
}
