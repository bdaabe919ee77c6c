import { closeSync, openSync, writeSync } from 'node:fs';

/** The shape of a generated session (see `writeLongSession`). */
export interface LongSessionOptions {
  /** How many turns (prompt, a response with two calls, their ends, an answer). */
  turns: number;
  /** A compaction checkpoint this many turns before the end (none when absent). */
  compactedTurnsAgo?: number;
  cwd: string;
  provider?: string;
  model?: string;
  /** Every `askEvery`th turn's second call is an answered ask_user (default 10). */
  askEvery?: number;
}

/** What `writeLongSession` wrote, for checks. */
export interface LongSession {
  lines: number;
  bytes: number;
  /** The ask_user answers of the session, by call id, in order. */
  answers: Map<string, string>;
}

const TS = '2026-11-30T00:00:00.000Z';
/** About 600 tokens a turn: the history of 5,000 turns is some 25 windows of 128k tokens. */
const EXPLANATION =
  'The failure comes from an off-by-one in the loop bound: the last element was never visited, ' +
  'so the accumulated total missed it whenever the input had an odd length. I changed the bound, ' +
  'added a test for the odd and the empty case, and ran the module tests again; they pass now. ';

/**
 * Writes a session file of schema 1 lines as the agent writes them (keys in the writer's order),
 * a realistic mix for benchmarks and tests of long sessions: each turn a prompt, a response with
 * a `read_file` and a `run_shell` (every `askEvery`th an answered `ask_user`) call, their ends, a
 * file edit every fifth turn, and a closing answer. With `compactedTurnsAgo` a checkpoint whose
 * decision ledger holds every ask_user answer before it, as compaction writes it.
 */
export function writeLongSession(file: string, options: LongSessionOptions): LongSession {
  const fd = openSync(file, 'w');
  let count = 0;
  let bytes = 0;
  let chunk: string[] = [];
  const answers = new Map<string, string>();
  const decisions: unknown[] = [];
  const line = (type: string, fields: Record<string, unknown>): void => {
    const text = `${JSON.stringify({ v: 1, type, id: (count++).toString(16).padStart(12, '0'), ts: TS, ...fields })}\n`;
    bytes += Buffer.byteLength(text);
    chunk.push(text);
    if (chunk.length >= 2000) {
      writeSync(fd, chunk.join(''));
      chunk = [];
    }
  };
  const provider = options.provider ?? 'openai-chat';
  const model = options.model ?? 'bench-model';
  const askEvery = options.askEvery ?? 10;
  const checkpointAt =
    options.compactedTurnsAgo === undefined ? -1 : options.turns - options.compactedTurnsAgo;
  // A provider's count of each request, a little above o200k's: a token for every six bytes of
  // the file since its last checkpoint (its lines carry ids and keys), plus the system prompt
  // and tools.
  let countedFrom = 0;
  const usedTokens = (): number => 3000 + Math.ceil((bytes - countedFrom) / 6);
  try {
    line('session_start', { cwd: options.cwd, provider, model });
    for (let turn = 0; turn < options.turns; turn++) {
      if (turn === checkpointAt) {
        countedFrom = bytes;
        line('checkpoint', {
          summary: `Fixed modules 0 to ${turn - 1}; each had an off-by-one in its loop bound.`,
          ...(decisions.length > 0 ? { decisions: [...decisions] } : {}),
        });
      }
      line('user', { text: `Please look at module ${turn} and fix the failing test in it.` });
      const ask = turn % askEvery === 0;
      const read = { id: `call_${turn}_a`, name: 'read_file' };
      const second = ask
        ? { id: `call_${turn}_b`, name: 'ask_user' }
        : { id: `call_${turn}_b`, name: 'run_shell' };
      const askInput = {
        questions: [{ question: `How should module ${turn} be fixed?`, options: ['Code', 'Test'] }],
      };
      line('assistant', {
        message: {
          role: 'assistant',
          text: 'Let me read the module and run its tests first.',
          toolCalls: [
            { ...read, input: { path: `src/module-${turn}.ts` }, status: 'pending', summary: '' },
            {
              ...second,
              input: ask ? askInput : { command: `npm test -- module-${turn}` },
              status: 'pending',
              summary: '',
            },
          ],
          provider,
          model,
          usage: { inputTokens: usedTokens(), outputTokens: 80 },
        },
      });
      line('tool_end', {
        callId: read.id,
        status: 'ok',
        summary: `read 120 lines of src/module-${turn}.ts`,
      });
      if (ask) {
        const answer = turn % 20 === 0 ? 'Code' : `Fix the test of module ${turn}`;
        const output = JSON.stringify({ answers: [answer], cancelled: false });
        answers.set(second.id, output);
        const details = { custom: [answer !== 'Code'] };
        line('tool_end', {
          callId: second.id,
          status: 'ok',
          summary: 'answered 1 of 1',
          retainedOutput: output,
          retainedDetails: details,
        });
        if (turn < checkpointAt) {
          decisions.push({ ...second, input: askInput, status: 'ok', output, details });
        }
      } else {
        line('tool_end', { callId: second.id, status: 'error', summary: 'exit 1: 1 failing' });
      }
      if (turn % 5 === 0) {
        const hash = (n: number): string => n.toString(16).padStart(64, '0');
        line('file_snapshot', {
          path: `src/module-${turn}.ts`,
          before: hash(turn),
          after: hash(turn + 1_000_000),
        });
      }
      line('assistant', {
        message: {
          role: 'assistant',
          text: `Module ${turn}: ${EXPLANATION.repeat(3)}`,
          toolCalls: [],
          provider,
          model,
          usage: { inputTokens: usedTokens(), outputTokens: 140 },
        },
      });
    }
    writeSync(fd, chunk.join(''));
  } finally {
    closeSync(fd);
  }
  return { lines: count, bytes, answers };
}
