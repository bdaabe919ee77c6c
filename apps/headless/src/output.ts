import {
  formatWait,
  showControls,
  TerminalTextFilter,
  terminalSafeJson,
  type AssistantMessage,
  type LoopEndReason,
  type LoopEvent,
  type Usage,
} from '@agent/llm';
import type { UsageReport } from '@agent/runtime';
import type { TranscriptEntry } from '@agent/session';
import { inFlagTerms } from '@agent/runtime/flags';
import type { OutputFormat } from './cli-args';

/** What a finished run reports: the `--output json` object and the last `--output jsonl` line. */
export interface RunReport {
  /** The final answer: the text of the last assistant message that has text. */
  text: string;
  /** The assistant messages this run produced, with their turn memory. */
  messages: AssistantMessage[];
  reason: LoopEndReason;
  error?: string;
  /**
   * `inputTokens`, `outputTokens`, `cachedTokens`: summed over every model call of this run;
   * `models` and `total`: the whole session's (a resumed one's earlier turns too), per model,
   * with costs where config.json's `prices` knows the model.
   */
  usage: Usage & UsageReport;
  sessionId: string;
  /** Whether the session was saved (false: a full disk or a read-only AGENT_HOME, reported). */
  saved: boolean;
}

export interface RunInfo {
  sessionId: string;
  provider: string;
  model: string;
  cwd: string;
  resumed: boolean;
}

/** Where a run's progress goes. Standard output carries only the chosen format. */
export interface RunOutput {
  start(info: RunInfo): void;
  event(event: LoopEvent): void;
  finish(report: RunReport): void;
  /** The plan a `--mode plan` run presented (Markdown, model text). */
  plan(text: string): void;
  /**
   * What a continued session showed before this run, as its transcript entries (see
   * `transcriptOf`): `--output jsonl` writes one `history` line each; the other formats none.
   */
  history(entries: readonly TranscriptEntry[]): void;
  /** A message for the person (warnings, errors): always standard error. */
  notice(text: string): void;
}

export interface OutputStreams {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export function createOutput(format: OutputFormat, streams: OutputStreams): RunOutput {
  const activity = new ActivityLog(streams.stderr);
  switch (format) {
    case 'text':
      return new TextOutput(streams, activity);
    case 'json':
      return {
        start: () => undefined,
        event: (event) => activity.event(event),
        finish: (report) => streams.stdout.write(`${terminalSafeJson(report)}\n`),
        // The report carries the plan: the present_plan call's input, in `messages`.
        plan: () => undefined,
        history: () => undefined,
        notice: (text) => activity.notice(text),
      };
    case 'jsonl':
      return {
        start: (info) => writeLine(streams.stdout, { type: 'session', ...info }),
        event: (event) => writeLine(streams.stdout, event),
        finish: (report) => writeLine(streams.stdout, { type: 'result', ...report }),
        plan: (text) => writeLine(streams.stdout, { type: 'plan', plan: text }),
        history: (entries) => {
          for (const entry of entries) writeLine(streams.stdout, historyLine(entry));
        },
        notice: (text) => activity.notice(text),
      };
  }
}

/**
 * A transcript entry as a `history` line: the entry without the renderer's copy of its call
 * (`activity`), which repeats its fields.
 */
export function historyLine(entry: TranscriptEntry): { type: 'history'; entry: unknown } {
  return { type: 'history', entry: plainEntry(entry) };
}

function plainEntry(entry: TranscriptEntry): unknown {
  if (entry.kind === 'amended') return { ...entry, call: plainEntry(entry.call) };
  if (!('activity' in entry)) return entry;
  const { activity: _activity, ...rest } = entry;
  return rest;
}

function writeLine(stream: NodeJS.WritableStream, value: unknown): void {
  stream.write(`${terminalSafeJson(value)}\n`);
}

/** Assistant text streamed to stdout as it arrives; tool activity and errors on stderr. */
class TextOutput implements RunOutput {
  private atLineStart = true;
  /** Model text must not clear, recolour or retitle a terminal, nor reach a pipe raw. */
  private readonly filter = new TerminalTextFilter({ keepTabs: true });

  constructor(
    private readonly streams: OutputStreams,
    private readonly activity: ActivityLog,
  ) {}

  start(): void {}

  history(): void {}

  event(event: LoopEvent): void {
    if (event.type === 'text_delta') {
      const text = this.filter.push(event.text);
      this.streams.stdout.write(text);
      if (text) this.atLineStart = text.endsWith('\n');
      return;
    }
    if (event.type === 'tool_start') this.endLine();
    this.activity.event(event);
  }

  finish(report: RunReport): void {
    this.endLine();
    this.activity.notice(
      report.saved
        ? `session ${report.sessionId} saved; continue it with --resume ${report.sessionId} (or --continue)`
        : `session ${report.sessionId} was not saved: it cannot be continued`,
    );
  }

  /** The plan on standard output, as model text is written there. */
  plan(text: string): void {
    this.endLine();
    const shown = this.filter.push(text.endsWith('\n') ? text : `${text}\n`);
    this.streams.stdout.write(shown);
    this.atLineStart = shown === '' || shown.endsWith('\n');
  }

  notice(text: string): void {
    this.activity.notice(text);
  }

  private endLine(): void {
    if (!this.atLineStart) this.streams.stdout.write('\n');
    this.atLineStart = true;
  }
}

/** How a run stopped at the iteration limit goes on: another run on the same session. */
const CONTINUE_HINT =
  'To let it continue, run agent-run again with --continue (or --resume ID) and a prompt such as "continue".';

/** One stderr line per tool start and end, and the reason a run did not finish. */
class ActivityLog {
  constructor(private readonly stderr: NodeJS.WritableStream) {}

  event(event: LoopEvent): void {
    switch (event.type) {
      case 'tool_start':
        this.line(`> ${event.activity.name}: ${event.title}`);
        break;
      case 'tool_update':
        // Steps worth keeping (a subagent's tool calls); transient progress stays off the log.
        if (event.update.persist) this.line(`  | ${event.update.text}`);
        break;
      case 'tool_end': {
        const { activity } = event;
        const prefix = `${activity.status}: `;
        const detail = activity.summary.startsWith(prefix)
          ? activity.summary.slice(prefix.length)
          : activity.summary;
        this.line(`< ${activity.name} ${activity.status}: ${detail}`);
        break;
      }
      case 'provider_retry':
        this.line(
          `retrying in ${formatWait(event.waitMs)} (attempt ${event.attempt} of ${event.maxRetries}): ${event.reason}`,
        );
        break;
      case 'turn_end':
        if (event.reason === 'max_iterations') {
          const error = event.error ? inFlagTerms(event.error) : 'Stopped at the iteration limit.';
          this.line(`error: ${error} ${CONTINUE_HINT}`);
        } else if (event.error) this.line(`error: ${inFlagTerms(event.error)}`);
        else if (event.reason === 'interrupted') this.line('interrupted');
        break;
      default:
        break;
    }
  }

  notice(text: string): void {
    this.line(text);
  }

  private line(text: string): void {
    this.stderr.write(`${oneLine(text)}\n`);
  }
}

/**
 * Model and tool text on one line, with hidden characters (terminal escapes, other controls,
 * bidi and zero-width characters) written as notation such as `\x1b`.
 */
export function oneLine(text: string): string {
  return showControls(text.replace(/\r?\n/g, ' '));
}
