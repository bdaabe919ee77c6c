import type { ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import type { Usage } from '../../messages';
import type { StopReason, StreamEvent } from '../../provider';
import { ToolCallAssembler } from '../shared';

const STOP_REASONS: Record<string, StopReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  guardrail_intervened: 'stop',
  content_filtered: 'stop',
  tool_use: 'tool_use',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
};

const EXCEPTION_MEMBERS = [
  'internalServerException',
  'modelStreamErrorException',
  'serviceUnavailableException',
  'throttlingException',
  'validationException',
] as const;

/**
 * Translates ConverseStream events into neutral events. `inputTokens` counts every prompt token
 * (uncached + cache reads + cache writes); `cachedTokens` the cache reads among them.
 */
export class BedrockEventMapper {
  private readonly calls = new ToolCallAssembler();
  private stopReason: StopReason | undefined;
  private usage: Usage | undefined;

  /** True once `messageStop` arrived: the model finished its turn. */
  get finished(): boolean {
    return this.stopReason !== undefined;
  }

  get stop(): StopReason {
    return this.stopReason ?? 'stop';
  }

  map(event: ConverseStreamOutput): StreamEvent[] {
    for (const member of EXCEPTION_MEMBERS) {
      const exception = (event as unknown as Record<string, unknown>)[member];
      if (exception) throw exception;
    }
    if (event.contentBlockStart?.start?.toolUse) {
      const { toolUseId, name } = event.contentBlockStart.start.toolUse;
      return [
        this.calls.start(event.contentBlockStart.contentBlockIndex ?? 0, toolUseId, name ?? ''),
      ];
    }
    if (event.contentBlockDelta) {
      const { delta, contentBlockIndex } = event.contentBlockDelta;
      if (delta?.text) return [{ type: 'text_delta', text: delta.text }];
      if (delta?.toolUse?.input) {
        const out = this.calls.append(contentBlockIndex ?? 0, delta.toolUse.input);
        return out ? [out] : [];
      }
      return [];
    }
    if (event.contentBlockStop) {
      const end = this.calls.finish(event.contentBlockStop.contentBlockIndex ?? 0);
      if (end?.type === 'tool_call_end' && !end.arguments) return [{ ...end, arguments: '{}' }];
      return end ? [end] : [];
    }
    if (event.messageStop) {
      this.calls.discard();
      this.stopReason = STOP_REASONS[event.messageStop.stopReason ?? ''] ?? 'stop';
      return [];
    }
    if (event.metadata?.usage) {
      const u = event.metadata.usage;
      const cached = u.cacheReadInputTokens ?? 0;
      this.usage = {
        inputTokens: (u.inputTokens ?? 0) + cached + (u.cacheWriteInputTokens ?? 0),
        outputTokens: u.outputTokens ?? 0,
        ...(cached > 0 ? { cachedTokens: cached } : {}),
      };
      return [{ type: 'usage', usage: this.usage }];
    }
    return [];
  }
}
