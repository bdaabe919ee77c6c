import path from 'node:path';

/** The REPL's command-line settings (DESIGN.md "Command-line interface"). */
export interface ReplArgs {
  provider?: string;
  model?: string;
  baseUrl?: string;
  cwd: string;
  resume?: string;
  continue: boolean;
  toolHistory?: 'full' | 'off';
  maxAskUser?: number;
  help: boolean;
  version: boolean;
}

export type ParsedArgs = { ok: true; args: ReplArgs } | { ok: false; error: string };

export const USAGE = `Usage: agent [options]

Interactive coding agent (REPL).

Options:
  --provider ID          openai-chat | openai-responses | anthropic | bedrock | genkit | text | demo
  --model NAME           model name for the provider
  --base-url URL         endpoint override (OpenAI-compatible gateways, proxies, local fakes)
  --cwd DIR              workspace directory (default: where you ran the command)
  --resume ID            resume a saved session
  --continue             resume the latest session of this workspace
  --tool-history MODE    full | off: keep raw tool output in later requests (default full)
  --max-ask-user N       ask_user calls allowed per prompt (default 3, 0 disables)
  --help                 show this help
  --version              print the version

Environment: AGENT_PROVIDER, AGENT_MODEL, AGENT_HOME (default ~/.agent), and each SDK's
credentials (OPENAI_API_KEY, ANTHROPIC_API_KEY, AWS credential chain, GEMINI_API_KEY).
`;

const VALUED = new Set([
  '--provider',
  '--model',
  '--base-url',
  '--cwd',
  '--resume',
  '--tool-history',
  '--max-ask-user',
]);

/** Parses argv (without node and script). The workspace is --cwd, else INIT_CWD, else cwd. */
export function parseArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): ParsedArgs {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    if (raw === '--') continue;
    const eq = raw.indexOf('=');
    const name = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    if (VALUED.has(name)) {
      const value = eq > 0 && raw.startsWith('--') ? raw.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '') return { ok: false, error: `${name} needs a value` };
      values.set(name, value);
    } else if (['--continue', '--help', '-h', '--version', '-v'].includes(raw)) {
      flags.add(raw);
    } else {
      return { ok: false, error: `unknown option: ${raw}` };
    }
  }
  const toolHistory = values.get('--tool-history');
  if (toolHistory !== undefined && toolHistory !== 'full' && toolHistory !== 'off') {
    return { ok: false, error: '--tool-history must be full or off' };
  }
  const maxRaw = values.get('--max-ask-user');
  const maxAskUser = maxRaw === undefined ? undefined : Number(maxRaw);
  if (maxAskUser !== undefined && (!Number.isInteger(maxAskUser) || maxAskUser < 0)) {
    return { ok: false, error: '--max-ask-user must be a whole number >= 0' };
  }
  if (values.has('--resume') && flags.has('--continue')) {
    return { ok: false, error: '--resume and --continue cannot be used together' };
  }
  const base = env.INIT_CWD && env.INIT_CWD.length > 0 ? env.INIT_CWD : cwd;
  const workspace = values.has('--cwd') ? path.resolve(base, values.get('--cwd')!) : base;
  return {
    ok: true,
    args: {
      provider: values.get('--provider'),
      model: values.get('--model'),
      baseUrl: values.get('--base-url'),
      cwd: path.resolve(workspace),
      resume: values.get('--resume'),
      continue: flags.has('--continue'),
      toolHistory: toolHistory as ReplArgs['toolHistory'],
      maxAskUser,
      help: flags.has('--help') || flags.has('-h'),
      version: flags.has('--version') || flags.has('-v'),
    },
  };
}
