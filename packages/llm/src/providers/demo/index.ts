import { randomUUID } from 'node:crypto';
import type { Provider, ProviderOptions, ProviderRequest, StreamEvent } from '../../provider';
import { contextBreakdown } from '../../context/breakdown';
import { countTokens } from '../../context/tokens';
import { sleep } from '../../loop/abortable';
import { decideDemoMove } from './demo-script';

export { decideDemoMove, DEMO_LABEL, DEMO_QUESTIONS, DEMO_NOTE_FILE } from './demo-script';

export interface DemoOptions {
  /** Pause between streamed pieces, in ms (default 15; 0 in tests). */
  delayMs?: number;
}

/**
 * The offline, deterministic provider used when no credentials are configured. Its replies are
 * labelled `[demo provider]`; it streams text in small pieces and tool arguments in fragments,
 * like a real adapter, and honours aborts at every pause.
 */
export class DemoProvider implements Provider {
  readonly id = 'demo';
  constructor(
    readonly model = 'demo',
    private readonly options: DemoOptions = {},
  ) {}

  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
    const delay = this.options.delayMs ?? 15;
    return play(request, signal, delay);
  }

  async listModels(): Promise<string[]> {
    return ['demo'];
  }
}

async function* play(
  request: ProviderRequest,
  signal: AbortSignal,
  delayMs: number,
): AsyncGenerator<StreamEvent> {
  const move = decideDemoMove(request);
  // Unique per response: the request starts again after a compaction (and a resume), so
  // nothing counted from it would keep ids apart within a session.
  const response = randomUUID().replace(/-/g, '').slice(0, 12);
  for (const piece of pieces(move.text)) {
    if (!(await pause(delayMs, signal))) return yield { type: 'end', stopReason: 'aborted' };
    yield { type: 'text_delta', text: piece };
  }
  for (const [index, call] of move.calls.entries()) {
    const id = `demo_${response}_${index}`;
    const args = JSON.stringify(call.arguments);
    yield { type: 'tool_call_start', id, name: call.name };
    const size = Math.max(1, Math.ceil(args.length / 3));
    for (let i = 0; i < args.length; i += size) {
      if (!(await pause(delayMs, signal))) return yield { type: 'end', stopReason: 'aborted' };
      yield { type: 'tool_call_delta', id, argumentsDelta: args.slice(i, i + size) };
    }
    yield { type: 'tool_call_end', id, name: call.name, arguments: args };
  }
  yield {
    type: 'usage',
    usage: { inputTokens: contextBreakdown(request).total, outputTokens: countTokens(move.text) },
  };
  yield { type: 'end', stopReason: move.calls.length ? 'tool_use' : 'stop' };
}

/** Splits text into pieces of a few words each, keeping whitespace. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*\S*\s*|\s+/g) ?? [];
}

/** Waits `ms`; false when aborted. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  await sleep(ms, signal);
  return !signal.aborted;
}

/** The adapter entry point used by createProvider('demo', ...). */
export function create(options: ProviderOptions): Provider {
  return new DemoProvider(options.model || 'demo');
}
