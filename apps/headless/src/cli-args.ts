import { parseArgs } from 'node:util';
import { UsageError } from './exit-codes';

export const OUTPUT_FORMATS = ['text', 'json', 'jsonl'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const TOOL_HISTORY_MODES = ['full', 'off'] as const;
export type ToolHistoryFlag = (typeof TOOL_HISTORY_MODES)[number];

/** One headless run as the command line asks for it. Paths are still as the person typed them. */
export interface CliOptions {
  /** The prompt file, or `-` for standard input. */
  prompt: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  cwd?: string;
  resume?: string;
  continue: boolean;
  toolHistory?: ToolHistoryFlag;
  output: OutputFormat;
  yes: boolean;
  maxIterations?: number;
}

export type CliCommand =
  { kind: 'help' } | { kind: 'version' } | { kind: 'run'; options: CliOptions };

const OPTIONS = {
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  cwd: { type: 'string' },
  resume: { type: 'string' },
  continue: { type: 'boolean' },
  'tool-history': { type: 'string' },
  output: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  'max-iterations': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/**
 * Parses the runner's arguments (strict: unknown flags and missing values are usage errors).
 * A leading `--`, which `pnpm start -- ...` may pass through, is ignored.
 */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  if (positionals.length === 0) {
    throw new UsageError('missing the prompt file (a path, or - to read standard input)');
  }
  if (positionals.length > 1) {
    throw new UsageError(
      `expected one prompt file, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  if (values.resume !== undefined && values.continue) {
    throw new UsageError('--resume and --continue cannot be used together');
  }

  const options: CliOptions = {
    prompt: positionals[0]!,
    continue: values.continue ?? false,
    output: oneOf('--output', values.output ?? 'text', OUTPUT_FORMATS),
    yes: values.yes ?? false,
  };
  if (values.provider !== undefined) options.provider = nonEmpty('--provider', values.provider);
  if (values.model !== undefined) options.model = nonEmpty('--model', values.model);
  if (values['base-url'] !== undefined) options.baseUrl = url('--base-url', values['base-url']);
  if (values.cwd !== undefined) options.cwd = nonEmpty('--cwd', values.cwd);
  if (values.resume !== undefined) options.resume = nonEmpty('--resume', values.resume);
  if (values['tool-history'] !== undefined) {
    options.toolHistory = oneOf('--tool-history', values['tool-history'], TOOL_HISTORY_MODES);
  }
  if (values['max-iterations'] !== undefined) {
    options.maxIterations = positiveInteger('--max-iterations', values['max-iterations']);
  }
  return { kind: 'run', options };
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
}

function nonEmpty(flag: string, value: string): string {
  if (value.trim() === '') throw new UsageError(`${flag} needs a value`);
  return value;
}

function url(flag: string, value: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // reported below
  }
  throw new UsageError(`${flag} must be an http:// or https:// URL (got "${value}")`);
}

function positiveInteger(flag: string, value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new UsageError(`${flag} must be a whole number of at least 1 (got "${value}")`);
  }
  return Number(value);
}
