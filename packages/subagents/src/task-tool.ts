import { runToolLoop, type LoopEvent, type Provider } from '@agent/llm';
import {
  onlyKinds,
  defineTool,
  ToolError,
  ToolRegistry,
  type Tool,
  type ToolContext,
  type ToolResult,
} from '@agent/tools';
import { z } from 'zod/v4';
import { summarizeActivity } from './activity-summary';
import { buildSubagentRegistry } from './build-registry';
import type { AgentProfile } from './profiles/profile';

export interface TaskToolOptions {
  /** The parent's provider; subagents run on it unless their profile names another model. */
  provider: Provider;
  /** Builds a provider for a profile's `model` (same provider family, cheaper model). */
  providerForModel?: (model: string) => Provider;
  profiles: ReadonlyMap<string, AgentProfile>;
  /** Profile used when the call names none (default `general`, else the first). */
  defaultProfile?: string;
  /** Model calls per subagent run (default 25). */
  maxIterations?: number;
  /** Wall-clock bound per subagent run (default 10 minutes). */
  timeoutMs?: number;
  /** The session's connected MCP tools, for profiles that allow `mcp__<server>__*`. */
  mcpTools?: () => readonly Tool[];
  /**
   * The parent's registry, whose allow-listed tools subagents take as they are (the session's
   * edit tools, which snapshot each edit for `/undo`); without it each tool is built afresh.
   */
  parentTools?: () => ToolRegistry;
  /**
   * Which of a profile's tools a subagent is offered, asked at each call (the parent's mode: plan
   * mode offers only the reading ones); every one when absent.
   */
  offers?: (tool: Tool) => boolean;
}

const taskInput = z.object({
  description: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .describe('A short label (3-8 words) for the job, shown to the user'),
  prompt: z
    .string()
    .trim()
    .min(1)
    .describe(
      'The complete, self-contained instructions: the subagent sees nothing of this conversation',
    ),
  agent: z.string().optional().describe('Which agent profile to use (default: general)'),
});

export type TaskInput = z.infer<typeof taskInput>;

/** Progress a running subagent reports through `ToolContext.onUpdate` (`data` of each update). */
export interface SubagentProgress {
  kind: 'subagent';
  agent: string;
  description: string;
  event: 'tool_start' | 'tool_end' | 'text';
  toolName?: string;
  status?: string;
}

/**
 * The `task` tool: hands a self-contained job to a subagent with its own history and an
 * allow-listed registry, runs its tool loop on the same provider (or the profile's model), and
 * returns its final answer with a short activity summary. Abortable and bounded in iterations
 * and time; several run in parallel when the model batches calls.
 */
export function createTaskTool(options: TaskToolOptions): Tool<TaskInput> {
  const names = [...options.profiles.keys()];
  const fallback =
    options.defaultProfile ?? (options.profiles.has('general') ? 'general' : names[0]);
  const catalogue = [...options.profiles.values()]
    .map((profile) => `- ${profile.name}: ${profile.description}`)
    .join('\n');
  return defineTool({
    name: 'task',
    description:
      'Delegate a self-contained job (search the codebase, review a change, draft a test) to a subagent with its own context. ' +
      'It cannot see this conversation or ask the user anything: put everything it needs in `prompt`. ' +
      'Batch several task calls in one response to run them in parallel. Agent profiles:\n' +
      catalogue,
    inputSchema: taskInput,
    permission: 'read',
    concurrent: true,
    describe: (input) => `${input.agent ?? fallback}: ${input.description}`,
    execute: (input, ctx) => runSubagent(options, input.agent ?? fallback, input, ctx),
  });
}

async function runSubagent(
  options: TaskToolOptions,
  agentName: string | undefined,
  input: TaskInput,
  ctx: ToolContext,
): Promise<ToolResult> {
  const profile = agentName ? options.profiles.get(agentName) : undefined;
  if (!profile) {
    throw new ToolError(
      `unknown agent profile "${agentName}"; available: ${[...options.profiles.keys()].join(', ')}`,
    );
  }
  const allowed = buildSubagentRegistry(
    profile.tools,
    options.parentTools?.(),
    options.mcpTools?.() ?? [],
  );
  const { offers } = options;
  const registry = offers ? new ToolRegistry(allowed.list().filter(offers)) : allowed;
  const provider =
    profile.model && options.providerForModel
      ? options.providerForModel(profile.model)
      : options.provider;
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const controller = new AbortController();
  const onParentAbort = (): void => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onParentAbort, { once: true });
  if (ctx.signal.aborted) onParentAbort();
  const timer = setTimeout(() => controller.abort(new Error('subagent timed out')), timeoutMs);
  const report = (data: Omit<SubagentProgress, 'kind' | 'agent' | 'description'>, text: string) =>
    ctx.onUpdate?.({
      text,
      data: { kind: 'subagent', agent: profile.name, description: input.description, ...data },
      persist: data.event === 'tool_start',
    });
  try {
    const result = await runToolLoop({
      provider,
      registry,
      system: `${profile.systemPrompt}\n\nWorkspace root: ${ctx.workspaceRoot}`,
      history: [{ role: 'user', text: input.prompt }],
      workspaceRoot: ctx.workspaceRoot,
      signal: controller.signal,
      // The person approves a subagent's calls; it asks them nothing else.
      person: onlyKinds(ctx.person, ['approval']),
      maxIterations: options.maxIterations ?? 25,
      maxInteractive: 0,
      toolHistory: 'off',
      onEvent: (event: LoopEvent) => {
        if (event.type === 'tool_start') {
          report({ event: 'tool_start', toolName: event.activity.name }, event.title);
        } else if (event.type === 'tool_end') {
          report(
            { event: 'tool_end', toolName: event.activity.name, status: event.activity.status },
            event.activity.summary,
          );
        }
      },
    });
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('interrupted');
    const answer =
      result.messages
        .map((message) => message.text)
        .filter(Boolean)
        .at(-1) ?? '';
    const activity = summarizeActivity(result.messages);
    const label = `[subagent ${profile.name}: ${activity}]`;
    if (result.reason === 'done') {
      return { output: `${answer}\n\n${label}`, summary: `${profile.name}: ${activity}` };
    }
    const why =
      result.reason === 'interrupted'
        ? `timed out after ${Math.round(timeoutMs / 1000)} s`
        : (result.error ?? result.reason);
    return {
      output: `The subagent did not finish: ${why}.${answer ? `\nIts last words:\n${answer}` : ''}\n\n${label}`,
      isError: true,
      summary: `${profile.name}: did not finish (${why})`,
    };
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onParentAbort);
  }
}
