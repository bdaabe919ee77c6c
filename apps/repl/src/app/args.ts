import fs from 'node:fs';
import path from 'node:path';
import { invocationDir, parseFlags, usageText, type AgentFlags } from '@agent/runtime/flags';

/** The REPL's command-line settings (DESIGN.md "Command-line interface"). */
export interface ReplArgs {
  provider?: string;
  model?: string;
  baseUrl?: string;
  /** `--context-window`: the model's window in tokens. */
  contextWindow?: number;
  cwd: string;
  resume?: string;
  /** `--resume` without an id: open the session picker once the agent is up. */
  pickSession?: boolean;
  continue: boolean;
  /** `agent "PROMPT"`: sent as the first prompt once the agent is up. */
  prompt?: string;
  toolHistory?: AgentFlags['toolHistory'];
  maxAskUser?: number;
  /** `--mode`: the mode the session starts in. */
  mode?: AgentFlags['mode'];
  sandbox?: AgentFlags['sandbox'];
  /** `--allow` / `--deny` permission rules. */
  allow?: string[];
  deny?: string[];
  /** `--acp`: be an editor's agent (the acp app) instead of the REPL. */
  acp?: boolean;
  help: boolean;
  version: boolean;
}

export type ParsedArgs = { ok: true; args: ReplArgs } | { ok: false; error: string };

/** The `--help` text, generated from the flag table both apps share. */
export const USAGE = usageText('repl');

/**
 * Parses argv (without node and script). The workspace is --cwd, relative to where `pnpm start`
 * ran (invocationDir), else that directory.
 */
export function parseArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): ParsedArgs {
  let flags: AgentFlags;
  try {
    flags = parseFlags('repl', argv);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (flags.positionals.length > 1) {
    return {
      ok: false,
      error: `expected one prompt, got ${flags.positionals.length} arguments: put the prompt in quotes (agent "fix the failing test")`,
    };
  }
  const prompt = flags.positionals[0];
  if (prompt !== undefined && prompt.trim() === '') {
    return { ok: false, error: 'the prompt argument is empty' };
  }
  const workspace = path.resolve(invocationDir(env, cwd), flags.cwd ?? '.');
  return {
    ok: true,
    args: {
      provider: flags.provider,
      model: flags.model,
      baseUrl: flags.baseUrl,
      ...(flags.contextWindow !== undefined ? { contextWindow: flags.contextWindow } : {}),
      cwd: realPath(workspace),
      resume: flags.resume,
      ...(flags.pickSession ? { pickSession: true } : {}),
      continue: flags.continue,
      ...(prompt !== undefined ? { prompt } : {}),
      toolHistory: flags.toolHistory,
      maxAskUser: flags.maxAskUser,
      ...(flags.mode ? { mode: flags.mode } : {}),
      sandbox: flags.sandbox,
      allow: flags.allow,
      deny: flags.deny,
      ...(flags.acp ? { acp: true } : {}),
      help: flags.help,
      version: flags.version,
    },
  };
}

/** The workspace's real path, as sessions record it (the path as given when it does not exist). */
function realPath(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir;
  }
}
