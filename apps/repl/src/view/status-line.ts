import { sanitize } from '../text/sanitize';
import { stringWidth } from '../text/width';
import { SPINNER } from './render-segment';

/** A running turn as the status line shows it. */
export interface TurnActivityInfo {
  elapsedMs: number;
  /** Output tokens so far: the provider's count where it reported one, else an estimate. */
  tokens: number;
}

/** What the status line shows. */
export interface StatusInfo {
  provider: string;
  model: string;
  usedTokens: number;
  fraction: number;
  /** The context window `fraction` is of (the resolved one: flag, config, server, table). */
  window?: number;
  sessionId?: string;
  mode: string;
  /** Where commands run (`sandboxed`, `sandbox off`); see sandboxLabel. */
  sandbox?: string;
  notice?: string;
  /** Set while a turn runs: a spinner, the time it has taken and the tokens streamed. */
  activity?: TurnActivityInfo;
  /** Spinner frame. */
  frame?: number;
  /** The agent's mode (`default`, `accept edits`, `plan`; Shift+Tab cycles). */
  agentMode?: string;
}

interface Field {
  text: string;
  /** Fields with the highest rank are dropped first when the line is too narrow. */
  rank: number;
  /** A shorter form, taken before the fields ranked below `short.rank` are dropped. */
  short?: { text: string; rank: number };
  /** Cut after a whole word, rather than drop the agent's mode for it (a card's long hint). */
  cuttable?: boolean;
}

/** The agent mode's rank: what runs unasked, which a card's hint is cut to keep in view. */
const MODE_RANK = 1.5;
/** The fewest cells a cut hint keeps. */
const MIN_CUT_HINT = 16;

const SEPARATOR = ' · ';

/**
 * The status line for `width` cells: `provider/model · ctx 1.2k (1% of 128k) · mode · session id`
 * (the window's size left out of `ctx` first when it does not fit), and
 * while a turn runs a spinner with the elapsed time and tokens streamed. When it does not fit,
 * whole fields are dropped (session first, the mode last, and while a turn runs the hint how to
 * interrupt it after everything else); a lone field too wide is cut after its last whole word.
 */
export function statusText(status: StatusInfo, width = Infinity): string {
  const fields: Field[] = [{ text: `${status.provider}/${status.model}`, rank: 3 }];
  const used = `ctx ${formatTokens(status.usedTokens)} (${Math.round(status.fraction * 100)}%`;
  fields.push({
    text: `${used}${status.window === undefined ? '' : ` of ${formatWindow(status.window)}`})`,
    // The window's size goes after the session id, before the sandbox label and the model.
    short: { text: `${used})`, rank: 4.5 },
    rank: 2,
  });
  // While a turn runs, how to stop it is the last thing the line gives up, even to a notice.
  const hints = status.activity ? status.mode.replace(/^working( · )?/, '') : '';
  if (status.notice !== undefined) fields.push({ text: status.notice, rank: 0 });
  else if (status.activity) {
    const { elapsedMs, tokens } = status.activity;
    const spinner = SPINNER[(status.frame ?? 0) % SPINNER.length];
    fields.push({ text: `${spinner} working ${formatElapsed(elapsedMs)}`, rank: 0.5 });
    fields.push({ text: `↓ ${formatTokens(tokens)} tokens`, rank: 1.8 });
  } else fields.push({ text: status.mode, rank: 0, cuttable: true });
  if (hints) fields.push({ text: hints, rank: -1 });
  if (status.agentMode !== undefined) fields.push(...modeFields(status.agentMode));
  if (status.sandbox !== undefined) fields.push({ text: status.sandbox, rank: 4 });
  fields.push({ text: `session ${status.sessionId ?? 'new'}`, rank: 5 });
  for (const field of fields) field.text = sanitize(field.text).replace(/\s+/g, ' ');

  const line = (list: Field[]) => ` ${list.map((f) => f.text).join(SEPARATOR)}`;
  let kept = fields;
  while (kept.length > 1 && stringWidth(line(kept)) > width) {
    const worst = Math.max(...kept.map((f) => f.rank));
    const shorten = kept.find((f) => f.short !== undefined && f.short.rank > worst);
    const cut = !shorten && worst <= MODE_RANK ? hintCutToFit(kept, width, line) : undefined;
    if (cut) {
      kept = cut;
      break;
    }
    kept = shorten
      ? kept.map((f) => (f === shorten ? { text: f.short!.text, rank: f.rank } : f))
      : kept.filter((f) => f.rank !== worst);
  }
  const text = line(kept);
  return stringWidth(text) <= width ? text : cutAtWord(text, width);
}

/** `kept` with its cuttable field cut to fit `width`, when that leaves it enough cells. */
function hintCutToFit(
  kept: Field[],
  width: number,
  line: (list: Field[]) => string,
): Field[] | undefined {
  const hint = kept.find((f) => f.cuttable);
  if (!hint) return undefined;
  const room = width - stringWidth(line(kept.map((f) => (f === hint ? { ...f, text: '' } : f))));
  if (room < MIN_CUT_HINT) return undefined;
  return kept.map((f) => (f === hint ? { ...f, text: cutAtWord(f.text, room) } : f));
}

/**
 * The mode, kept when the line narrows until only the state is left (it says what runs unasked),
 * and beside it the key that changes it, dropped before the model's name.
 */
function modeFields(mode: string): Field[] {
  return [
    { text: `${mode} mode`, rank: MODE_RANK },
    { text: 'shift+tab', rank: 3.5 },
  ];
}

/** The words of `text` that fit in `width` cells, with `…` when any were left out. */
function cutAtWord(text: string, width: number): string {
  let out = '';
  for (const word of text.split(/(?<= )/)) {
    if (stringWidth(out + word) + 1 > width) break;
    out += word;
  }
  return `${out.trimEnd()}…`;
}

export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(1)}k`;
  return `${(tokens / 1_000_000).toFixed(2)}M`;
}

/**
 * A context window as people name it: `8k` (8,192), `32k` (32,768), `128k` (128,000 or 131,072),
 * `1.05M`; else as `formatTokens`, without a trailing `.0`.
 */
export function formatWindow(tokens: number): string {
  if (tokens < 1_000_000 && tokens % 1000 === 0) return `${tokens / 1000}k`;
  if (tokens < 1_000_000 && tokens % 1024 === 0) return `${tokens / 1024}k`;
  return formatTokens(tokens).replace(/\.0+(?=[kM])/, '');
}

/** `7s`, `1m 05s`, `1h 02m`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
