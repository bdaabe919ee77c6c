import { parseArgs } from 'node:util';
import type { ToolHistoryMode } from '@agent/llm';
import { MIN_CONTEXT_WINDOW } from '@agent/llm/config';
import { AGENT_MODES, type AgentMode } from '../modes/agent-mode';
import type { SandboxMode } from '@agent/tools';
import {
  flagsOf,
  OUTPUT_FORMATS,
  SANDBOX_MODES,
  TOOL_HISTORY_MODES,
  type AppName,
} from './flag-table';

/** A command line that cannot be run as written; front ends exit with status 2. */
export class FlagError extends Error {
  override name = 'FlagError';
}

/** What the apps' command lines can say, checked. Paths are still as the person typed them. */
export interface AgentFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  /** `--context-window`: the model's window in tokens. */
  contextWindow?: number;
  cwd?: string;
  resume?: string;
  /** `--resume` (`-r`) given without an id: the person picks the session. */
  pickSession: boolean;
  continue: boolean;
  toolHistory?: ToolHistoryMode;
  maxAskUser?: number;
  /** `--mode`: the mode the session starts in. */
  mode?: AgentMode;
  /** `--sandbox`: whether commands run in bubblewrap (config.json's `sandbox` when absent). */
  sandbox?: SandboxMode;
  output: (typeof OUTPUT_FORMATS)[number];
  yes: boolean;
  /** Headless `--explain`: the command line to explain instead of running a prompt. */
  explain?: string;
  /** Headless: start the workspace's `.mcp.json` servers (not remembered). */
  trustMcp: boolean;
  maxIterations?: number;
  /** `--allow` / `--deny` permission rules, as written. */
  allow: string[];
  deny: string[];
  /** Headless `--prompt` (`-p`): the prompt's text itself. */
  promptText?: string;
  /** Headless `--image` files, as written (relative to where the command was run). */
  images: string[];
  /** The REPL's `--acp`: run the editor's agent instead. */
  acp: boolean;
  /** `agent serve --port`: 0 picks a free one. */
  port?: number;
  /** `agent serve --host`: the address to bind. */
  host?: string;
  /** `agent serve --allow-host`: more names the page answers as its Host (a proxy's). */
  allowHosts?: string[];
  help: boolean;
  version: boolean;
  positionals: string[];
}

/**
 * Parses `app`'s arguments with node:util parseArgs (strict: unknown flags and missing values
 * are FlagErrors). A `--` that `pnpm start -- ...` passes through is ignored.
 */
export function parseFlags(app: AppName, argv: readonly string[]): AgentFlags {
  const { args, bare } = standAlone(
    app,
    argv.filter((arg, i) => !(arg === '--' && i === 0)),
  );
  const options: Record<
    string,
    { type: 'string' | 'boolean'; short?: string; multiple?: boolean }
  > = {};
  for (const flag of flagsOf(app)) {
    options[flag.name] = {
      type: flag.value ? 'string' : 'boolean',
      ...(flag.short ? { short: flag.short } : {}),
      ...(flag.multiple ? { multiple: true } : {}),
    };
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new FlagError(parseArgsProblem(error));
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const text = (name: string): string | undefined => {
    const value = values[name];
    if (typeof value !== 'string') return undefined;
    if (value.trim() === '') throw new FlagError(`--${name} needs a value`);
    return value;
  };
  const result: AgentFlags = {
    pickSession: bare.has('resume'),
    continue: values.continue === true,
    output: oneOf('output', text('output') ?? 'text', OUTPUT_FORMATS),
    yes: values.yes === true,
    allow: rules(values.allow),
    deny: rules(values.deny),
    images: rules(values.image),
    trustMcp: values['trust-mcp'] === true,
    acp: values.acp === true,
    help: values.help === true,
    version: values.version === true,
    positionals: parsed.positionals,
  };
  if (result.help || result.version) return result;
  const set = <K extends keyof AgentFlags>(key: K, value: AgentFlags[K] | undefined): void => {
    if (value !== undefined) result[key] = value;
  };
  set('provider', text('provider'));
  set('model', text('model'));
  set('baseUrl', httpUrl('base-url', text('base-url')));
  set('contextWindow', wholeNumber('context-window', text('context-window'), MIN_CONTEXT_WINDOW));
  set('cwd', text('cwd'));
  set('explain', text('explain'));
  set('resume', text('resume'));
  set('promptText', text('prompt'));
  const mode = text('tool-history');
  set(
    'toolHistory',
    mode === undefined ? undefined : oneOf('tool-history', mode, TOOL_HISTORY_MODES),
  );
  const agentMode = text('mode');
  set('mode', agentMode === undefined ? undefined : oneOf('mode', agentMode, AGENT_MODES));
  const sandbox = text('sandbox');
  set('sandbox', sandbox === undefined ? undefined : oneOf('sandbox', sandbox, SANDBOX_MODES));
  set('maxAskUser', wholeNumber('max-ask-user', text('max-ask-user'), 0));
  set('maxIterations', wholeNumber('max-iterations', text('max-iterations'), 1));
  set('port', wholeNumber('port', text('port'), 0, 65_535));
  set('host', text('host'));
  const allowHosts = rules(values['allow-host']);
  if (allowHosts.length > 0) result.allowHosts = allowHosts;
  for (const name of allowHosts) {
    if (
      !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i.test(name)
    ) {
      throw new FlagError(
        `--allow-host must be a host name, as a Host header gives it (got "${name}")`,
      );
    }
  }
  if ((result.resume !== undefined || result.pickSession) && result.continue) {
    throw new FlagError('--resume and --continue cannot be used together');
  }
  return result;
}

/**
 * Takes out the flags with an optional value (`optionalValue`) that stand alone: last, or
 * followed by another flag. `-r -c` is `-r` alone; `-r abc` gives abc as its value.
 */
function standAlone(app: AppName, args: readonly string[]): { args: string[]; bare: Set<string> } {
  const bare = new Set<string>();
  const kept: string[] = [];
  const optional = flagsOf(app).filter((flag) => flag.optionalValue);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const flag = optional.find((f) => arg === `--${f.name}` || (f.short && arg === `-${f.short}`));
    const next = args[i + 1];
    if (flag && (next === undefined || next.startsWith('-'))) {
      bare.add(flag.name);
      continue;
    }
    kept.push(arg);
    // A positional after `--` is never a flag: keep the rest as it is.
    if (arg === '--') {
      kept.push(...args.slice(i + 1));
      break;
    }
  }
  return { args: kept, bare };
}

function rules(value: string | boolean | string[] | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new FlagError(`--${name} must be one of ${allowed.join(', ')} (got "${value}")`);
}

function wholeNumber(
  name: string,
  value: string | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new FlagError(`--${name} must be a whole number ${range} (got "${value}")`);
  }
  return n;
}

function httpUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // reported below
  }
  throw new FlagError(`--${name} must be an http(s) URL (got "${value}")`);
}

/**
 * parseArgs's error in our words: its unknown-option text ends on an unbalanced quote and names no
 * way forward but `--`, which is kept.
 */
function parseArgsProblem(error: unknown): string {
  // Not `instanceof Error`: parseArgs's errors may come from another realm (a test's VM context).
  const text = (error as { message?: unknown } | undefined)?.message;
  const message = typeof text === 'string' ? text : String(error);
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (!unknown) return message;
  return `unknown option ${unknown[1]} (--help lists the options; a prompt that starts with "-" goes after "--")`;
}
