import type { CheckpointMessage, Message } from '../messages';
import type { Provider } from '../provider';
import { boundString } from '../history/bounds';
import { retainedCalls } from '../history/ledger';
import { checkpointText, toolResultText } from '../history/transform';
import { imageLabel } from '../images/image-part';
import { collectTurn } from '../loop/collect-turn';
import { countTokens, tokenizerFamily, type TokenizerFamily } from './tokens';
import { windowOf } from './windows';

export interface CompactOptions {
  provider: Provider;
  /** The whole conversation; a previous checkpoint is folded into the new summary. */
  messages: readonly Message[];
  signal: AbortSignal;
  /** User turns (a user message and the replies to it) kept verbatim after the checkpoint (default 1). */
  keepRecent?: number;
  /** The model's window in tokens (default: the model's known window). */
  contextWindow?: number;
}

export type CompactResult =
  | {
      ok: true;
      checkpoint: CheckpointMessage;
      /** Every message, with the checkpoint inserted before the kept recent turns. */
      messages: Message[];
      /** How many messages the summary replaces in requests. */
      summarized: number;
    }
  | { ok: false; reason: string };

const RESULT_LIMIT = 2000;
/** Share of the window one summarising request's piece of transcript may fill. */
const PIECE_FRACTION = 0.5;
/** Share of the window the summary carried from one piece to the next may fill. */
const CARRIED_FRACTION = 0.2;

const COMPACT_SYSTEM = [
  'You write the working summary of a conversation between a person and a coding agent.',
  'The summary replaces the conversation for the agent, so keep everything needed to continue:',
  "the person's goals and constraints, decisions and the exact answers the person gave",
  '(quote them), files read or changed and why, commands run and their outcome, open problems',
  'and next steps. Be concise and factual; use short bullet points. Do not call tools.',
].join(' ');

/**
 * Summarises the older part of the conversation through `provider` into a checkpoint; requests
 * then start at the checkpoint. The checkpoint keeps every retained call it replaces (answered
 * questionnaires) verbatim beside the summary: the decision ledger. A history larger than half
 * the window is summarised in pieces that each fit, each request carrying the summary so far.
 * Refuses while any tool call is pending (a questionnaire may be open) and when there is nothing
 * older than the kept turns. Never throws.
 */
export async function compactHistory(options: CompactOptions): Promise<CompactResult> {
  const { provider, messages, signal } = options;
  const keepRecent = Math.max(0, options.keepRecent ?? 1);
  if (
    messages.some((m) => m.role === 'assistant' && m.toolCalls.some((c) => c.status === 'pending'))
  ) {
    return { ok: false, reason: 'cannot compact while a tool call is still pending' };
  }
  const cut = cutIndex(messages, keepRecent);
  let start = 0;
  for (let i = cut - 1; i >= 0; i--) {
    if (messages[i]!.role === 'checkpoint') {
      start = i;
      break;
    }
  }
  const older = messages.slice(start, cut);
  if (!older.some((m) => m.role !== 'checkpoint')) {
    return { ok: false, reason: 'nothing to compact yet' };
  }

  const window = options.contextWindow ?? windowOf(provider);
  const family = tokenizerFamily(provider.id, provider.model);
  let summary = '';
  for (const piece of pieces(transcriptEntries(older), window * PIECE_FRACTION, family)) {
    const earlier = summary
      ? `[Summary of the conversation before this part]\n${boundString(summary, Math.floor(window * CARRIED_FRACTION))}\n\n`
      : '';
    const outcome = await summarise(provider, `${earlier}${piece}`, signal);
    if (!outcome.ok) return outcome;
    summary = outcome.summary;
  }
  const checkpoint: CheckpointMessage = { role: 'checkpoint', summary };
  const decisions = retainedCalls(older);
  if (decisions.length > 0) checkpoint.decisions = decisions;
  return {
    ok: true,
    checkpoint,
    messages: [...messages.slice(0, cut), checkpoint, ...messages.slice(cut)],
    summarized: older.length,
  };
}

/**
 * One request to the summariser. A history larger than the window goes in pieces, each request
 * carrying the summary so far: none is larger than the window.
 */
async function summarise(
  provider: Provider,
  text: string,
  signal: AbortSignal,
): Promise<{ ok: true; summary: string } | { ok: false; reason: string }> {
  const turn = await collectTurn(
    provider,
    {
      system: COMPACT_SYSTEM,
      messages: [
        {
          role: 'user',
          text: `Summarise this conversation so far:\n\n${text}\n\nWrite the summary now.`,
        },
      ],
      tools: [],
    },
    signal,
    { onText: () => undefined, onUsage: () => undefined },
  );
  if (turn.stopReason === 'aborted') return { ok: false, reason: 'compaction was interrupted' };
  if (turn.stopReason === 'error') {
    return { ok: false, reason: `compaction failed: ${turn.error?.message ?? 'provider error'}` };
  }
  const summary = turn.text.trim();
  if (!summary) return { ok: false, reason: 'compaction failed: the model returned no summary' };
  return { ok: true, summary };
}

/**
 * The transcript's entries joined into pieces of at most `budget` tokens; an entry larger than
 * that alone is cut to `budget` characters (a token is never shorter than a character).
 */
function* pieces(entries: string[], budget: number, family: TokenizerFamily): Generator<string> {
  let piece: string[] = [];
  let tokens = 0;
  for (const whole of entries) {
    const entry = whole.length > budget ? boundString(whole, Math.floor(budget)) : whole;
    const size = countTokens(entry, family) + 2;
    if (piece.length > 0 && tokens + size > budget) {
      yield piece.join('\n\n');
      piece = [];
      tokens = 0;
    }
    piece.push(entry);
    tokens += size;
  }
  if (piece.length > 0) yield piece.join('\n\n');
}

/** Index of the first message kept verbatim: the start of the `keepRecent`-th last user turn. */
function cutIndex(messages: readonly Message[], keepRecent: number): number {
  if (keepRecent === 0) return messages.length;
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user' && ++seen === keepRecent) return i;
  }
  return 0;
}

/** The conversation as plain text for the summariser; retained results are kept whole. */
export function transcript(messages: readonly Message[]): string {
  return transcriptEntries(messages).join('\n\n');
}

/** The transcript's entries, one or more per message. */
function transcriptEntries(messages: readonly Message[]): string[] {
  const lines: string[] = [];
  for (const message of messages) {
    if (message.role === 'checkpoint') lines.push(`[Earlier summary]\n${checkpointText(message)}`);
    else if (message.role === 'user') {
      lines.push(['[User]', message.text, ...(message.images ?? []).map(imageLabel)].join('\n'));
    } else {
      if (message.text) lines.push(`[Assistant]\n${message.text}`);
      for (const call of message.toolCalls) {
        const input = typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
        const result = toolResultText(call);
        lines.push(
          `[Tool call ${call.name}] ${call.retainedOutput !== undefined ? input : boundString(input ?? '', RESULT_LIMIT)}`,
          `[Tool result, ${call.status}] ${call.retainedOutput !== undefined ? result : boundString(result, RESULT_LIMIT)}`,
        );
      }
    }
  }
  return lines;
}
