import {
  FlagError,
  invocationDir,
  parseFlags,
  resolveWorkspace,
  usageText,
  type AgentFlags,
} from '@agent/runtime/flags';

/** `agent serve`'s command line, checked; the workspace is a real, existing directory. */
export interface ServeArgs {
  provider?: string;
  model?: string;
  baseUrl?: string;
  contextWindow?: number;
  cwd: string;
  port: number;
  host: string;
  allowHosts: string[];
  toolHistory?: AgentFlags['toolHistory'];
  maxAskUser?: number;
  mode?: AgentFlags['mode'];
  sandbox?: AgentFlags['sandbox'];
  allow: string[];
  deny: string[];
  help: boolean;
  version: boolean;
}

/** The `agent serve --help` text, from the flag table every front end shares. */
export const SERVE_USAGE = usageText('serve');

/**
 * Parses `agent serve`'s arguments (after `serve`). The workspace is --cwd, relative to where
 * the person ran the command (invocationDir). Throws FlagError for a command line that cannot run.
 */
export async function parseServeArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<ServeArgs> {
  const flags = parseFlags('serve', argv);
  const help = flags.help || flags.version;
  if (flags.positionals.length > 0 && !help) {
    throw new FlagError(
      `agent serve takes no prompt (got ${JSON.stringify(flags.positionals[0])}): send prompts from the page`,
    );
  }
  return {
    provider: flags.provider,
    model: flags.model,
    baseUrl: flags.baseUrl,
    ...(flags.contextWindow !== undefined ? { contextWindow: flags.contextWindow } : {}),
    cwd: help ? cwd : await resolveWorkspace(flags.cwd, invocationDir(env, cwd)),
    port: flags.port ?? 0,
    host: flags.host ?? '127.0.0.1',
    allowHosts: flags.allowHosts ?? [],
    toolHistory: flags.toolHistory,
    maxAskUser: flags.maxAskUser,
    ...(flags.mode ? { mode: flags.mode } : {}),
    sandbox: flags.sandbox,
    allow: flags.allow,
    deny: flags.deny,
    help: flags.help,
    version: flags.version,
  };
}
