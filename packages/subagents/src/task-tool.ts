import type { Provider } from '@agent/llm';
import { defineTool, ToolError, type Tool, type ToolRegistry } from '@agent/tools';
import { MemoryTaskStore, type SubagentTaskStore } from './clarification/subagent-task';
import type { AgentProfile } from './profiles/profile';
import { resumeSubagent, startSubagent } from './run-subagent';
import { taskInputSchema, type TaskInput } from './task-input';

export { taskInputSchema, type TaskInput } from './task-input';

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
  /**
   * Where subagents waiting for answers are kept (the runtime's is written to the session file,
   * so a resumed session can still answer them); in memory when absent.
   */
  tasks?: SubagentTaskStore;
}

/** Progress a running subagent reports through `ToolContext.onUpdate` (`data` of each update). */
export interface SubagentProgress {
  kind: 'subagent';
  agent: string;
  description: string;
  /** `asked`: a question it put to the parent; `told`: the answer it was given. */
  event: 'tool_start' | 'tool_end' | 'text' | 'asked' | 'told';
  toolName?: string;
  status?: string;
}

const DESCRIPTION = [
  'Delegate a self-contained job (search the codebase, review a change, draft a test) to a subagent with its own context.',
  'It cannot see this conversation: put everything it needs in `prompt`.',
  'Batch several task calls in one response to run them in parallel.',
  'A subagent that needs a decision stops and the call returns JSON {"status": "needs_input", "task_id": "...", "why": "...", "questions": [{"question", "options", "multiSelect"?}]}.',
  'Then answer it: from what you know, or by asking the person (ask_user, where you have it) when the decision is theirs; then call task with {"resume": "<task_id>", "answers": [...]}, one answer per question in order, each the exact option text or your own words (a list for a multiSelect question). It goes on from where it stopped.',
  'Agent profiles:',
].join(' ');

/**
 * The `task` tool: hands a self-contained job to a subagent with its own history and an
 * allow-listed registry, runs its tool loop on the same provider (or the profile's model), and
 * returns its final answer with a short activity summary, or `needs_input` when it asked a
 * question (answered with `resume`). Abortable and bounded in iterations and time; several run in
 * parallel when the model batches calls.
 */
export function createTaskTool(options: TaskToolOptions): Tool<TaskInput> {
  const names = [...options.profiles.keys()];
  const fallback =
    options.defaultProfile ?? (options.profiles.has('general') ? 'general' : names[0]);
  const catalogue = [...options.profiles.values()]
    .map((profile) => `- ${profile.name}: ${profile.description}`)
    .join('\n');
  const tasks = options.tasks ?? new MemoryTaskStore();
  /** Tasks being resumed now: a second resume of the same one waits for nothing, it fails. */
  const resuming = new Set<string>();
  return defineTool({
    name: 'task',
    description: `${DESCRIPTION}\n${catalogue}`,
    inputSchema: taskInputSchema,
    permission: 'read',
    concurrent: true,
    describe: (input) => {
      if (input.resume === undefined) return `${input.agent ?? fallback}: ${input.description}`;
      const task = tasks.get(input.resume);
      return `resume ${task ? `${task.agent}: ${task.description}` : `task ${input.resume}`}`;
    },
    async execute(input, ctx) {
      if (input.resume === undefined) {
        return startSubagent(options, tasks, input.agent ?? fallback, input, ctx);
      }
      const taskId = input.resume;
      const task = tasks.get(taskId);
      if (!task) {
        const waiting = tasks.waiting();
        throw new ToolError(
          `unknown task_id "${taskId}": no subagent is waiting for answers under that id` +
            (waiting.length > 0 ? `; waiting: ${waiting.join(', ')}` : ''),
        );
      }
      if (resuming.has(taskId)) {
        throw new ToolError(`task ${taskId} is being resumed already: wait for its result`);
      }
      resuming.add(taskId);
      try {
        return await resumeSubagent(options, tasks, task, input.answers ?? [], ctx);
      } finally {
        resuming.delete(taskId);
      }
    },
  });
}
