import { runToolLoop, type LoopEvent, type Message } from '@agent/llm';
import {
  hasHiddenCharacters,
  onlyKinds,
  questionnaireOutput,
  ToolError,
  ToolRegistry,
  type Answer,
  type PersonChannel,
  type Question,
  type ToolContext,
  type ToolResult,
} from '@agent/tools';
import { summarizeActivity } from './activity-summary';
import { buildSubagentRegistry } from './build-registry';
import {
  CLARIFICATIONS_PER_TASK,
  createRequestClarificationTool,
  REQUEST_CLARIFICATION_TOOL_NAME,
  type RequestClarificationInput,
} from './clarification/request-clarification-tool';
import { resumeAnswers } from './clarification/resume-answers';
import {
  reopenCall,
  type SubagentTask,
  type SubagentTaskStore,
} from './clarification/subagent-task';
import { subagentTaskUpdate } from './clarification/task-update';
import type { AgentProfile } from './profiles/profile';
import type { SubagentProgress, TaskInput, TaskToolOptions } from './task-tool';

/** One run of a subagent: from its prompt, or from where it asked, with the parent's answer. */
interface Run {
  taskId: string;
  profile: AgentProfile;
  description: string;
  history: Message[];
  /** The parent's answer to the open `request_clarification` call (a resumed run). */
  answer?: { callId: string; output: string };
  asked: number;
}

/** Starts a new task (the parent's `task` call with a prompt). */
export function startSubagent(
  options: TaskToolOptions,
  tasks: SubagentTaskStore,
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
  return runSubagent(options, tasks, ctx, {
    taskId: ctx.toolCallId,
    profile,
    description: input.description ?? '',
    history: [{ role: 'user', text: input.prompt ?? '' }],
    asked: 0,
  });
}

/** Goes on with a task that asked, its open call answered with `answers` (checked first). */
export function resumeSubagent(
  options: TaskToolOptions,
  tasks: SubagentTaskStore,
  task: SubagentTask,
  answers: readonly unknown[],
  ctx: ToolContext,
): Promise<ToolResult> {
  const given = resumeAnswers(task.pending.questions, answers);
  const profile = options.profiles.get(task.agent);
  if (!profile)
    throw new ToolError(`task ${task.taskId}: its agent profile "${task.agent}" is gone`);
  task.pending.questions.forEach((question, i) =>
    progress(
      ctx,
      task.agent,
      task.description,
      'told',
      `${task.agent} was told: ${question.question} → ${shownAnswer(given[i]!)}`,
    ),
  );
  return runSubagent(options, tasks, ctx, {
    taskId: task.taskId,
    profile,
    description: task.description,
    history: task.messages,
    // The ask_user result shape: the subagent reads its answers as a questionnaire's.
    answer: {
      callId: task.pending.callId,
      output: questionnaireOutput({ answers: given, cancelled: false }),
    },
    asked: task.asked,
  });
}

/**
 * An option or answer as a step line shows it: as it is, or quoted as JSON when it holds what a
 * plain line would hide (an edge space, a tab, a zero-width character), so the exact text shows.
 */
function shown(text: string): string {
  return hasHiddenCharacters(text) ? JSON.stringify(text) : text;
}

function shownAnswer(answer: Answer): string {
  return typeof answer === 'string' ? shown(answer) : answer.map(shown).join(', ');
}

function progress(
  ctx: ToolContext,
  agent: string,
  description: string,
  event: SubagentProgress['event'],
  text: string,
  extra: Pick<SubagentProgress, 'toolName' | 'status'> = {},
): void {
  const data: SubagentProgress = { kind: 'subagent', agent, description, event, ...extra };
  ctx.onUpdate?.({ text, data, persist: event !== 'tool_end' && event !== 'text' });
}

/** The approvals go to the person; a questionnaire is the parent's, through request_clarification. */
function parentChannel(person: PersonChannel): PersonChannel {
  const approvals = onlyKinds(person, ['approval']);
  return {
    canAnswer: (kind) => kind === 'questionnaire' || approvals.canAnswer(kind),
    ask: (request) => approvals.ask(request),
  };
}

async function runSubagent(
  options: TaskToolOptions,
  tasks: SubagentTaskStore,
  ctx: ToolContext,
  run: Run,
): Promise<ToolResult> {
  const { profile } = run;
  const allowed = buildSubagentRegistry(
    profile.tools,
    options.parentTools?.(),
    options.mcpTools?.() ?? [],
  );
  const { offers } = options;
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const controller = new AbortController();
  let asked: { callId: string; input: RequestClarificationInput } | undefined;
  const clarify = createRequestClarificationTool({
    answered: (callId) => (run.answer?.callId === callId ? run.answer.output : undefined),
    ask: (callId, input) => {
      asked = { callId, input };
      controller.abort(new Error('the subagent asked the parent'));
    },
  });
  const registry = new ToolRegistry([
    ...(offers ? allowed.list().filter(offers) : allowed.list()),
    clarify,
  ]);
  const provider =
    profile.model && options.providerForModel
      ? options.providerForModel(profile.model)
      : options.provider;
  const onParentAbort = (): void => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onParentAbort, { once: true });
  if (ctx.signal.aborted) onParentAbort();
  const timer = setTimeout(() => controller.abort(new Error('subagent timed out')), timeoutMs);
  const report = (
    event: 'tool_start' | 'tool_end',
    text: string,
    extra: Pick<SubagentProgress, 'toolName' | 'status'>,
  ) => progress(ctx, profile.name, run.description, event, text, extra);
  try {
    const result = await runToolLoop({
      provider,
      registry,
      system: `${profile.systemPrompt}\n\nWorkspace root: ${ctx.workspaceRoot}`,
      history: run.history,
      resume: run.answer !== undefined,
      workspaceRoot: ctx.workspaceRoot,
      signal: controller.signal,
      // The person approves a subagent's calls; questions go to the parent.
      person: parentChannel(ctx.person),
      maxIterations: options.maxIterations ?? 25,
      // CLARIFICATIONS_PER_TASK across the task's runs: the open call runs again on a resume and
      // is counted again then.
      maxInteractive: CLARIFICATIONS_PER_TASK,
      interactiveUsed: run.answer ? run.asked - 1 : run.asked,
      interactiveBudgetPer: 'task',
      // Kept whole: a subagent that asks goes on from this history.
      toolHistory: 'full',
      onEvent: (event: LoopEvent) => {
        if (event.type !== 'tool_start' && event.type !== 'tool_end') return;
        // Its questions and answers are reported as `asked` and `told`.
        if (event.activity.name === REQUEST_CLARIFICATION_TOOL_NAME) return;
        if (event.type === 'tool_start') {
          report('tool_start', event.title, { toolName: event.activity.name });
        } else {
          report('tool_end', event.activity.summary, {
            toolName: event.activity.name,
            status: event.activity.status,
          });
        }
      },
    });
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('interrupted');
    if (asked) return needsInput(ctx, tasks, run, result.conversation, asked);
    const answer =
      result.messages
        .map((message) => message.text)
        .filter(Boolean)
        .at(-1) ?? '';
    const activity = summarizeActivity(result.messages);
    const label = `[subagent ${profile.name}: ${activity}]`;
    if (tasks.get(run.taskId)) {
      tasks.remove(run.taskId);
      ctx.onUpdate?.(subagentTaskUpdate({ taskId: run.taskId, done: true }));
    }
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

/**
 * The subagent asked: its history is kept (the open call pending again), the task is stored
 * and recorded, and the parent is told what to answer.
 */
function needsInput(
  ctx: ToolContext,
  tasks: SubagentTaskStore,
  run: Run,
  conversation: readonly Message[],
  asked: { callId: string; input: RequestClarificationInput },
): ToolResult {
  // A resumed loop returns the message it re-settled in place of the history's last one.
  const kept = run.answer ? run.history.slice(0, -1) : run.history;
  const messages = [...kept, ...conversation];
  const last = messages.at(-1);
  const call =
    last?.role === 'assistant' ? last.toolCalls.find((c) => c.id === asked.callId) : undefined;
  if (call) reopenCall(call, asked.input);
  const questions = asked.input.questions.map((q): Question => ({
    question: q.question,
    options: [...q.options],
    ...(q.multiSelect === true ? { multiSelect: true } : {}),
  }));
  const why = asked.input.why;
  const task: SubagentTask = {
    taskId: run.taskId,
    agent: run.profile.name,
    description: run.description,
    messages,
    pending: { callId: asked.callId, questions, ...(why !== undefined ? { why } : {}) },
    asked: run.asked + 1,
  };
  tasks.put(task);
  ctx.onUpdate?.(subagentTaskUpdate({ task }));
  for (const question of questions) {
    progress(
      ctx,
      task.agent,
      task.description,
      'asked',
      `${task.agent} asked: ${question.question} (${question.options.map(shown).join(' / ')})`,
    );
  }
  const first = questions[0]!.question.replace(/\s+/g, ' ').trim();
  const more = questions.length > 1 ? ` (+${questions.length - 1} more)` : '';
  return {
    output: JSON.stringify({
      status: 'needs_input',
      task_id: task.taskId,
      ...(why !== undefined ? { why } : {}),
      questions,
    }),
    summary: `${task.agent} needs input (task_id ${task.taskId}): ${first}${more}`,
    // The parent answers it later, maybe after a resume, when raw outputs are long gone.
    retain: true,
  };
}
