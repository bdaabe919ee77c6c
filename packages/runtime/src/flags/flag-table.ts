import type { ToolHistoryMode } from '@agent/llm';
import { PROVIDER_IDS } from '@agent/llm/config';
import { AGENT_MODES } from '../modes/agent-mode';
import type { SandboxMode } from '@agent/tools';

/**
 * The front ends: the REPL, the headless runner, the editor's agent (ACP over stdio), and
 * `agent serve` (the web page).
 */
export type AppName = 'repl' | 'headless' | 'acp' | 'serve';

/** One command-line flag, described once for both apps' parsers and usage texts. */
export interface FlagSpec {
  name: string;
  short?: string;
  /** Placeholder of a valued flag in the usage text (`ID`, `DIR`); absent for switches. */
  value?: string;
  help: string;
  /** The apps that accept it. */
  apps: readonly AppName[];
  /** May be given more than once; every value is kept. */
  multiple?: boolean;
  /** A valued flag that may also stand alone (`--resume` without an id: pick one). */
  optionalValue?: boolean;
}

/** The front ends that open a workspace of their own. */
const OWN_WORKSPACE: readonly AppName[] = ['repl', 'headless', 'serve'];
const ALL: readonly AppName[] = ['repl', 'headless', 'acp', 'serve'];
/** The REPL, the editor's agent and the web page: a person answers. */
const PERSON: readonly AppName[] = ['repl', 'acp', 'serve'];

export const TOOL_HISTORY_MODES = ['full', 'off'] as const satisfies readonly ToolHistoryMode[];
export const OUTPUT_FORMATS = ['text', 'json', 'jsonl'] as const;
export const SANDBOX_MODES = ['auto', 'on', 'off'] as const satisfies readonly SandboxMode[];

/**
 * Every flag of every front end. A new provider or flag is named here and nowhere else. The
 * editor's agent takes no workspace or session flags: the editor names them per session.
 */
export const FLAGS: readonly FlagSpec[] = [
  { name: 'provider', value: 'ID', help: PROVIDER_IDS.join(' | '), apps: ALL },
  { name: 'model', value: 'NAME', help: 'model name for the provider', apps: ALL },
  {
    name: 'base-url',
    value: 'URL',
    help: 'endpoint override (OpenAI-compatible gateways, proxies, local fakes)',
    apps: ALL,
  },
  {
    name: 'context-window',
    value: 'N',
    help: "the model's context window in tokens (default: config.json, what a local server reports, the built-in table, 128000)",
    apps: ALL,
  },
  {
    name: 'cwd',
    value: 'DIR',
    help: 'workspace directory (default: where you ran the command)',
    apps: OWN_WORKSPACE,
  },
  {
    name: 'resume',
    short: 'r',
    value: 'ID',
    help: 'resume a saved session (id, unique part of one, or file; the REPL lists them when none is given)',
    apps: ['repl', 'headless'],
    optionalValue: true,
  },
  {
    name: 'continue',
    short: 'c',
    help: 'resume the latest session of this workspace',
    apps: ['repl', 'headless'],
  },
  {
    name: 'tool-history',
    value: 'MODE',
    help: `${TOOL_HISTORY_MODES.join(' | ')}: keep raw tool output in later requests (default full)`,
    apps: ALL,
  },
  {
    name: 'allow',
    value: 'RULE',
    help: 'allow calls matching a rule without asking, e.g. "run_shell(npm test)" (repeatable)',
    apps: ALL,
    multiple: true,
  },
  {
    name: 'deny',
    value: 'RULE',
    help: 'refuse calls matching a rule, e.g. "run_shell(git push)"; deny wins (repeatable)',
    apps: ALL,
    multiple: true,
  },
  {
    name: 'mode',
    value: 'MODE',
    help: `${AGENT_MODES.join(' | ')}: how edits are approved, or plan first (default: default; Shift+Tab cycles in the REPL)`,
    apps: OWN_WORKSPACE,
  },
  {
    name: 'sandbox',
    value: 'MODE',
    help: `${SANDBOX_MODES.join(' | ')}: run commands in bubblewrap, the workspace writable, no network (default auto: where bubblewrap works; on: refuse commands without it)`,
    apps: ALL,
  },
  {
    name: 'max-ask-user',
    value: 'N',
    help: 'ask_user calls allowed per prompt (default 3, 0 disables)',
    apps: PERSON,
  },
  {
    name: 'acp',
    help: "be an editor's agent: speak the Agent Client Protocol on stdin/stdout (as agent-acp)",
    apps: ['repl', 'acp'],
  },
  {
    name: 'port',
    value: 'N',
    help: 'the port to serve the page on (default 0: a free one)',
    apps: ['serve'],
  },
  {
    name: 'host',
    value: 'H',
    help: 'the address to bind (default 127.0.0.1; any other lets whoever reaches it with the token act as you)',
    apps: ['serve'],
  },
  {
    name: 'allow-host',
    value: 'NAME',
    help: "also answer requests naming NAME as their Host, a proxy's name: tailscale serve's MACHINE.TAILNET.ts.net (repeatable)",
    apps: ['serve'],
    multiple: true,
  },
  {
    name: 'prompt',
    short: 'p',
    value: 'TEXT',
    help: 'the prompt itself, instead of a prompt file',
    apps: ['headless'],
  },
  {
    name: 'output',
    value: 'FORMAT',
    help: `${OUTPUT_FORMATS.join(' | ')} (default text)`,
    apps: ['headless'],
  },
  {
    name: 'yes',
    short: 'y',
    help: 'approve every tool call (default: read-only tools and workspace edits only)',
    apps: ['headless'],
  },
  {
    name: 'explain',
    value: 'COMMAND',
    help: 'print why a command line would run without a card, ask or be denied here, rule by rule, and exit (runs nothing)',
    apps: ['headless'],
  },
  {
    name: 'trust-mcp',
    help: "start the workspace's .mcp.json servers, not remembered; needed even where the REPL trusted them (--yes approves calls, it does not trust servers)",
    apps: ['headless'],
  },
  {
    name: 'image',
    value: 'FILE',
    help: 'attach an image to the prompt: PNG, JPEG, GIF or WebP, at most 3.75 MB, 10 per prompt (repeatable)',
    apps: ['headless'],
    multiple: true,
  },
  {
    name: 'max-iterations',
    value: 'N',
    help: 'model calls allowed in this run (default 50)',
    apps: ['headless'],
  },
  { name: 'help', short: 'h', help: 'show this help', apps: ALL },
  { name: 'version', short: 'v', help: 'print the version', apps: ALL },
];

/** The flags `app` accepts. */
export function flagsOf(app: AppName): FlagSpec[] {
  return FLAGS.filter((flag) => flag.apps.includes(app));
}
