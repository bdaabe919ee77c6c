import {
  compactHistory,
  loadAgentSettings,
  shouldAutoCompact,
  type CompactResult,
  type Message,
  type Provider,
} from '@agent/llm';
import type { SessionWriter } from '@agent/session';
import type { AgentSessionOptions } from '../session/agent-session-options';
import type { ContextMeter } from './context-meter';
import type { SessionFile } from '../session-file/session-file';

/** The conversation compaction folds, and the provider that summarises it. */
export interface CompactionSubject {
  messages: Message[];
  readonly provider: Provider;
}

/** Folding the conversation into a checkpoint: on `/compact`, and before a prompt when full. */
export class SessionCompaction {
  /** The fill at which a prompt first compacts (false: never), once known. */
  private threshold: number | false | undefined;

  constructor(
    private readonly subject: CompactionSubject,
    private readonly options: Pick<AgentSessionOptions, 'agentHome' | 'autoCompact'>,
    private readonly context: {
      meter: ContextMeter;
      file: SessionFile;
      notice(text: string): void;
    },
  ) {}

  /** Folds the conversation now (`/compact`), recorded in the session. Never throws. */
  async compact(signal: AbortSignal): Promise<CompactResult> {
    const result = await this.fold(signal);
    if (signal.aborted) return { ok: false, reason: 'interrupted' };
    if (!result.ok) return result;
    this.subject.messages = result.messages;
    const { file } = this.context;
    file.current?.recordCheckpoint(result.checkpoint);
    await file.flush();
    return result;
  }

  /**
   * The one automatic-compaction decision: before a prompt, when the window is fuller than the
   * threshold (see ContextMeter), fold the conversation into a checkpoint first. A failure only
   * notes it.
   */
  async compactIfFull(writer: SessionWriter, signal: AbortSignal): Promise<void> {
    const { meter, notice } = this.context;
    // config.json is read once, at the first prompt (not again before every prompt).
    this.threshold ??=
      this.options.autoCompact ?? loadAgentSettings(this.options.agentHome).autoCompact;
    const threshold = this.threshold;
    if (threshold === false || this.subject.messages.length === 0) return;
    if (!meter.mayReach(threshold)) return;
    const fill = meter.fill();
    if (!shouldAutoCompact(fill.used, fill.window, threshold)) return;
    const percent = Math.round(fill.fraction * 100);
    const turns = this.subject.messages.filter((message) => message.role === 'user').length;
    const earlier = `${turns.toLocaleString('en-US')} earlier turn${turns === 1 ? '' : 's'}`;
    notice(`Context ${percent}% full: summarising the conversation first (${earlier})…`);
    const result = await this.fold(signal);
    if (signal.aborted) return;
    if (!result.ok) return notice(`Could not compact (${result.reason}); continuing as is.`);
    this.subject.messages = result.messages;
    writer.recordCheckpoint(result.checkpoint);
    notice(`Compacted ${result.summarized} messages into a summary.`);
  }

  private fold(signal: AbortSignal): Promise<CompactResult> {
    return compactHistory({
      provider: this.subject.provider,
      messages: this.subject.messages,
      signal,
      keepRecent: 0,
    });
  }
}
