import { FlagError, parseFlags, type AgentFlags, OUTPUT_FORMATS } from '@agent/runtime/flags';
import { UsageError } from './exit-codes';

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** One headless run as the command line asks for it. Paths are still as the person typed them. */
export interface CliOptions extends Omit<AgentFlags, 'positionals' | 'help' | 'version' | 'acp'> {
  /** The prompt file, or `-` for standard input. */
  prompt: string;
}

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'explain'; command: string; options: Omit<CliOptions, 'prompt'> }
  | { kind: 'run'; options: CliOptions };

/** Parses the runner's arguments with the shared flag table; mistakes are UsageErrors. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  let flags: AgentFlags;
  try {
    flags = parseFlags('headless', argv);
  } catch (error) {
    if (error instanceof FlagError) throw new UsageError(error.message);
    throw error;
  }
  if (flags.help) return { kind: 'help' };
  if (flags.version) return { kind: 'version' };
  const { positionals, help: _help, version: _version, acp: _acp, ...options } = flags;
  if (options.explain !== undefined) {
    if (positionals.length > 0) {
      throw new UsageError(`--explain takes no prompt file (got ${positionals.join(' ')})`);
    }
    return { kind: 'explain', command: options.explain, options };
  }
  if (positionals.length === 0) {
    throw new UsageError('missing the prompt file (a path, or - to read standard input)');
  }
  if (positionals.length > 1) {
    throw new UsageError(
      `expected one prompt file, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  return { kind: 'run', options: { ...options, prompt: positionals[0]! } };
}
