import {
  contextUsage,
  tokenBound,
  tokenizerFamily,
  type AssistantMessage,
  type ContextUsage,
  type Message,
  type Provider,
  type ProviderRequest,
  type ToolHistoryMode,
  windowOf,
} from '@agent/llm';

/** How full the context window is, for the status line, /context and automatic compaction. */
export interface ContextFill {
  used: number;
  window: number;
  fraction: number;
  /** Where `used` comes from: the provider's count of the current conversation, or the estimate. */
  source: 'provider' | 'estimate';
  /** The provider's count when it still describes the current conversation. */
  counted?: number;
}

/** The provider's token count (input + output of its last call) for one conversation state. */
export interface ProviderCount {
  messages: readonly Message[];
  provider: Provider;
  tokens: number;
}

/** What the meter measures: the conversation as it stands and the request it would send next. */
export interface MeterSubject {
  readonly history: readonly Message[];
  provider: Provider;
  nextRequest(): ProviderRequest;
  /**
   * What else the next request is made of, as a key that changes with it: the mode (its system
   * prompt) and the tools offered (MCP servers connect later, plan mode offers fewer).
   */
  requestKey(): string;
}

/**
 * The one measure of how full the window is: the larger of the provider's own count (while it
 * still describes the current conversation) and the estimate of the next request. A count below
 * the estimate left something out (cached input, tool specs), so the larger wins. Cached per
 * conversation state, so the status line can ask every frame.
 */
export class ContextMeter {
  private count: ProviderCount | undefined;
  private cache:
    | {
        messages: readonly Message[];
        provider: Provider;
        count: ProviderCount | undefined;
        key: string;
      }
    | undefined;
  private result: { usage: ContextUsage; fill: ContextFill } | undefined;

  constructor(private readonly subject: MeterSubject) {}

  /** Records the provider's count for `messages` (the conversation the last call saw). */
  counted(count: ProviderCount | undefined): void {
    this.count = count;
  }

  /**
   * A turn ended: the count of the conversation it started from (`before`) still holds for the
   * one it produced (`after`), unless tool history `off` dropped outputs from its calls.
   */
  carry(
    before: readonly Message[],
    after: readonly Message[],
    produced: readonly AssistantMessage[],
    mode: ToolHistoryMode,
  ): void {
    const count = this.countFor(before);
    const shrunk = mode === 'off' && produced.some((message) => message.toolCalls.length > 0);
    if (count && !shrunk) this.counted({ ...count, messages: after });
  }

  /** The current count, when it describes `messages` exactly. */
  countFor(messages: readonly Message[]): ProviderCount | undefined {
    return this.count?.messages === messages ? this.count : undefined;
  }

  fill(): ContextFill {
    return this.measure().fill;
  }

  /**
   * Whether the window could be `fraction` full: false when both the provider's count and the
   * next request's bound (`tokenBound`: counts already made, bytes for the rest) are below it,
   * so the answer needs no token count (and no tokenizer), as when a resumed session is far
   * from full.
   */
  mayReach(fraction: number): boolean {
    const known = this.cached();
    if (known) return known.fill.fraction >= fraction;
    const { history, provider } = this.subject;
    const limit = windowOf(provider) * fraction;
    const count = this.count;
    if (count?.messages === history && count.provider === provider && count.tokens >= limit) {
      return true;
    }
    const family = tokenizerFamily(provider.id, provider.model);
    const owner = { provider: provider.id, model: provider.model };
    return tokenBound(this.subject.nextRequest(), family, owner).atMost >= limit;
  }

  usage(): ContextUsage {
    return this.measure().usage;
  }

  /** The last measure, while it still describes the conversation, provider and count. */
  private cached(): { usage: ContextUsage; fill: ContextFill } | undefined {
    const cache = this.cache;
    const { history, provider } = this.subject;
    const fresh =
      cache?.messages === history &&
      cache.provider === provider &&
      cache.count === this.count &&
      cache.key === this.subject.requestKey();
    return fresh ? this.result : undefined;
  }

  private measure(): { usage: ContextUsage; fill: ContextFill } {
    const known = this.cached();
    if (known) return known;
    const { history: messages, provider } = this.subject;
    const usage = contextUsage(
      this.subject.nextRequest(),
      provider.model,
      provider.id,
      windowOf(provider),
    );
    const count = this.count;
    const counted =
      count?.messages === messages && count.provider === provider ? count.tokens : undefined;
    const used = Math.max(counted ?? 0, usage.total);
    const fill: ContextFill = {
      used,
      window: usage.window,
      fraction: usage.window > 0 ? used / usage.window : 0,
      source: counted !== undefined && counted >= usage.total ? 'provider' : 'estimate',
      ...(counted === undefined ? {} : { counted }),
    };
    this.cache = { messages, provider, count, key: this.subject.requestKey() };
    this.result = { usage, fill };
    return this.result;
  }
}
