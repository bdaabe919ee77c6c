import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Usage } from '../../messages';
import type { StopReason, StreamEvent } from '../../provider';
import { ToolCallAssembler } from '../shared';

const STOP_REASONS: Record<string, StopReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  refusal: 'stop',
  tool_use: 'tool_use',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
};

/**
 * Translates raw Messages stream events into neutral events. `inputTokens` counts every prompt
 * token (uncached + cache reads + cache writes); `cachedTokens` the cache reads among them.
 */
export class AnthropicEventMapper {
  private readonly calls = new ToolCallAssembler();
  /** Input carried whole by `content_block_start`, used when no `input_json_delta` follows. */
  private readonly startInput = new Map<number, string>();
  private readonly sawDelta = new Set<number>();
  private inputTokens = 0;
  private cachedTokens = 0;
  private outputTokens = 0;
  private stopReason: StopReason = 'stop';
  /** True once `message_stop` arrived: the turn is complete. */
  finished = false;

  map(event: RawMessageStreamEvent): StreamEvent[] {
    switch (event.type) {
      case 'message_start': {
        const usage = event.message.usage;
        this.cachedTokens = usage.cache_read_input_tokens ?? 0;
        this.inputTokens =
          usage.input_tokens + this.cachedTokens + (usage.cache_creation_input_tokens ?? 0);
        this.outputTokens = usage.output_tokens ?? 0;
        return [];
      }
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'text')
          return block.text ? [{ type: 'text_delta', text: block.text }] : [];
        if (block.type !== 'tool_use') return [];
        const input = block.input;
        if (input && typeof input === 'object' && Object.keys(input).length > 0) {
          this.startInput.set(event.index, JSON.stringify(input));
        }
        return [this.calls.start(event.index, block.id, block.name)];
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta.type === 'text_delta')
          return delta.text ? [{ type: 'text_delta', text: delta.text }] : [];
        if (delta.type !== 'input_json_delta') return [];
        if (delta.partial_json) this.sawDelta.add(event.index);
        const out = this.calls.append(event.index, delta.partial_json);
        return out ? [out] : [];
      }
      case 'content_block_stop': {
        if (!this.calls.isOpen(event.index)) return [];
        const streamed = this.sawDelta.has(event.index);
        const whole = streamed ? undefined : (this.startInput.get(event.index) ?? '{}');
        const end = this.calls.finish(event.index, whole);
        return end ? [end] : [];
      }
      case 'message_delta': {
        if (event.delta.stop_reason)
          this.stopReason = STOP_REASONS[event.delta.stop_reason] ?? 'stop';
        if (event.usage?.output_tokens != null) this.outputTokens = event.usage.output_tokens;
        return [];
      }
      case 'message_stop':
        this.finished = true;
        this.calls.discard();
        return [{ type: 'usage', usage: this.usage() }];
      default:
        return [];
    }
  }

  get stop(): StopReason {
    return this.stopReason;
  }

  private usage(): Usage {
    return {
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      ...(this.cachedTokens > 0 ? { cachedTokens: this.cachedTokens } : {}),
    };
  }
}
