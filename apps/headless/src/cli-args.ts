import { FlagError, parseFlags, type AgentFlags, OUTPUT_FORMATS } from '@agent/runtime/flags';
import { UsageError } from './exit-codes';

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** One headless run as the command line asks for it. Paths are still as the person typed them. */
export interface CliOptions extends Omit<
  AgentFlags,
  'positionals' | 'help' | 'version' | 'acp' | 'pickSession' | 'promptText'
> {
  /**
   * Where the prompt comes from: a file (or `-` for standard input), which is the prompt's text
   * itself when no such file exists and it has a space in it; or `-p TEXT`, always text.
   */
  prompt: PromptSource;
}

/** The argument that names the prompt: `file` (a path, `-`, or text that names no file), or `text`. */
export type PromptSource = { file: string } | { text: string };

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
  const {
    positionals,
    help: _help,
    version: _version,
    acp: _acp,
    pickSession,
    promptText,
    ...options
  } = flags;
  if (options.explain !== undefined) {
    if (positionals.length > 0 || promptText !== undefined) {
      const given = promptText !== undefined ? `-p ${promptText}` : positionals.join(' ');
      throw new UsageError(`--explain takes no prompt file (got ${given})`);
    }
    return { kind: 'explain', command: options.explain, options };
  }
  if (pickSession) {
    throw new UsageError(
      '--resume needs a session id here (agent-run has no picker; --continue takes the latest)',
    );
  }
  if (promptText !== undefined) {
    if (positionals.length > 0) {
      throw new UsageError(
        `-p gives the prompt already; unexpected argument: ${positionals.join(' ')}`,
      );
    }
    return { kind: 'run', options: { ...options, prompt: { text: promptText } } };
  }
  if (positionals.length === 0) {
    throw new UsageError(
      'missing the prompt: a file, - to read standard input, or -p "prompt text"',
    );
  }
  if (positionals.length > 1) {
    throw new UsageError(
      `expected one prompt, got ${positionals.length}: ${positionals.join(' ')} (put the prompt in quotes, or use -p "prompt text")`,
    );
  }
  return { kind: 'run', options: { ...options, prompt: { file: positionals[0]! } } };
}
