import type { ToolSpec } from '@agent/tools';
import { prepareMessages } from '../history/transform';
import type { Message } from '../messages';
import type { Provider } from '../provider';
import { needsAutoCompaction } from './auto';
import { compactHistory, type CompactResult } from './compact';

export interface CompactIfFullOptions {
  provider: Provider;
  system: string;
  tools: ToolSpec[];
  /** The conversation before the next prompt. */
  messages: readonly Message[];
  /** Fraction of the window that triggers compaction; `false` never compacts. */
  threshold: number | false;
  signal: AbortSignal;
}

/**
 * Automatic compaction before a prompt: when the request the conversation would make fills at
 * least `threshold` of the model's window, folds it into a checkpoint. Undefined when nothing
 * was needed; otherwise compactHistory's result (which refuses while a call is pending).
 */
export async function compactIfFull(
  options: CompactIfFullOptions,
): Promise<CompactResult | undefined> {
  const { provider, threshold, messages } = options;
  if (threshold === false || messages.length === 0) return undefined;
  const request = {
    system: options.system,
    tools: options.tools,
    messages: prepareMessages(messages),
  };
  if (!needsAutoCompaction(request, provider.model, provider.id, threshold)) return undefined;
  return compactHistory({ provider, messages, signal: options.signal, keepRecent: 0 });
}
