import * as fs from 'node:fs';
import * as path from 'node:path';
import type { z } from 'zod/v4';
import type { SandboxMode } from '@agent/tools';
import { PROVIDER_IDS } from '../provider';

/** A configuration problem the person must fix; the message names the source and the field. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const AUTO_COMPACT_RULE =
  'expected a fraction of the context window in (0, 1] (e.g. 0.8) or false to turn automatic compaction off';

/**
 * The modes a session can work in (the runtime's AgentMode): named here, with the settings
 * file that may choose one, so the flag table and config.json share one list.
 */
export const AGENT_MODES = ['default', 'accept-edits', 'plan'] as const;
export type AgentMode = (typeof AGENT_MODES)[number];
/** The smallest context window the agent can work in (system prompt, tools and a turn). */
export const MIN_CONTEXT_WINDOW = 1024;
const CONTEXT_WINDOW_RULE = `expected the model's context window in tokens: a whole number of at least ${MIN_CONTEXT_WINDOW} (e.g. 32768)`;
const PRICE_RULE = 'expected US dollars per million tokens: a number of at least 0 (e.g. 3)';
const SOCKETS_RULE =
  'expected a list of absolute paths of unix sockets sandboxed commands may reach, such as ["/run/docker.sock"]';
const ENV_RULE =
  'expected a list of variable names to pass into the sandbox, or PREFIX_* for every name that starts so, such as ["DATABASE_URL", "MY_TOOL_*"]';
const NOTIFY_RULE =
  'expected false (no notifications), true, or {"afterSeconds": N, "command": "program" or ["program", "arg", ...]}';
const NOTIFY_AFTER_RULE = 'expected seconds greater than 0 and at most 86400';
const NOTIFY_COMMAND_RULE =
  'expected a shell command line or a list ["program", "arg", ...] of non-empty strings';

/** `$AGENT_HOME/config.json`. Credentials never belong here; set them in the environment. */
export const configFileSchema = (): ConfigSchema => (schema ??= buildSchema());

export type ConfigSchema = ReturnType<typeof buildSchema>;
let schema: ConfigSchema | undefined;

// zod (and the tools package for error text) load only when a config file exists: the REPL
// reads this before its first paint.
function buildSchema() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { z } = require('zod/v4') as typeof import('zod/v4');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { isSandboxEnvName } = require('@agent/tools') as typeof import('@agent/tools');
  const contextWindow = z
    .number({ error: CONTEXT_WINDOW_RULE })
    .int(CONTEXT_WINDOW_RULE)
    .min(MIN_CONTEXT_WINDOW, CONTEXT_WINDOW_RULE)
    .optional();
  const providerSettings = z
    .object({
      baseUrl: z.url().optional(),
      model: z.string().trim().min(1).optional(),
      contextWindow,
      models: z
        .record(z.string().trim().min(1), z.object({ contextWindow }).strict(), {
          error: 'expected {"model-name": {"contextWindow": N}, ...}',
        })
        .optional(),
    })
    .strict();
  return z
    .object({
      provider: z.enum(PROVIDER_IDS).optional(),
      model: z.string().trim().min(1).optional(),
      providers: z.partialRecord(z.enum(PROVIDER_IDS), providerSettings).optional(),
      autoCompact: z
        .union([z.number().gt(0, AUTO_COMPACT_RULE).lte(1, AUTO_COMPACT_RULE), z.literal(false)], {
          error: AUTO_COMPACT_RULE,
        })
        .optional(),
      mode: z.enum(AGENT_MODES, { error: `expected one of ${AGENT_MODES.join(', ')}` }).optional(),
      sandbox: z
        .enum(['auto', 'on', 'off'] as const satisfies readonly SandboxMode[], {
          error:
            'expected "auto" (sandbox commands where bubblewrap works), "on" (refuse commands without it) or "off"',
        })
        .optional(),
      sandboxAllowSockets: z
        .array(
          z.string().refine((value) => path.isAbsolute(value), SOCKETS_RULE),
          {
            error: SOCKETS_RULE,
          },
        )
        .optional(),
      sandboxAllowEnv: z
        .array(
          z.string().refine((value) => isSandboxEnvName(value), ENV_RULE),
          {
            error: ENV_RULE,
          },
        )
        .optional(),
      notify: z
        .union(
          [
            z.boolean(),
            z
              .object({
                afterSeconds: z
                  .number()
                  .gt(0, NOTIFY_AFTER_RULE)
                  .lte(86400, NOTIFY_AFTER_RULE)
                  .optional(),
                command: z
                  .union(
                    [
                      z.string().trim().min(1, NOTIFY_COMMAND_RULE),
                      z.array(z.string().min(1, NOTIFY_COMMAND_RULE)).min(1, NOTIFY_COMMAND_RULE),
                    ],
                    {
                      error: NOTIFY_COMMAND_RULE,
                    },
                  )
                  .optional(),
              })
              .strict(),
          ],
          { error: NOTIFY_RULE },
        )
        .optional(),
      prices: z
        .record(
          z.string().trim().min(1),
          z
            .object({
              input: z.number({ error: PRICE_RULE }).nonnegative(PRICE_RULE),
              output: z.number({ error: PRICE_RULE }).nonnegative(PRICE_RULE),
              cachedInput: z.number({ error: PRICE_RULE }).nonnegative(PRICE_RULE).optional(),
            })
            .strict(),
          { error: 'expected {"model-id": {"input": N, "output": N, "cachedInput": N}, ...}' },
        )
        .optional(),
      userClaudeMd: z
        .boolean({
          error: 'expected true (read ~/.claude/CLAUDE.md as your own instructions) or false',
        })
        .optional(),
      // MCP servers: checked entry by entry by @agent/mcp, which skips and reports a bad one.
      mcpServers: z.record(z.string(), z.unknown()).optional(),
      // Hooks (Claude Code's shape): checked entry by entry by @agent/runtime, like servers.
      hooks: z.record(z.string(), z.unknown()).optional(),
      skills: z
        .object({
          claude: z
            .boolean({ error: 'expected true to read skills from .claude/skills folders too' })
            .optional(),
        })
        .strict()
        .optional(),
    })
    .strict();
}

export type ConfigFile = z.infer<ConfigSchema>;

export function configFilePath(home: string): string {
  return path.join(home, 'config.json');
}

/** Reads and validates the config file; undefined when there is none. Throws ConfigError. */
export function loadConfigFile(home: string): ConfigFile | undefined {
  const file = configFilePath(home);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`${file}: cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = configFileSchema().safeParse(json);
  if (!parsed.success) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { formatIssues } = require('@agent/tools') as typeof import('@agent/tools');
    throw new ConfigError(`${file}: ${formatIssues(parsed.error.issues)}`);
  }
  return parsed.data;
}
