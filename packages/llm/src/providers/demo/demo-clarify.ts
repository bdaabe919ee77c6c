import { answerAt, parseQuestionnaireResult, type Answer, type Question } from '@agent/tools';
import type { ToolActivity } from '../../messages';
import { toolResultText } from '../../history/transform';

/** What the demo model does next (see demo-script's DemoMove). */
interface Move {
  text: string;
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
}

const LABEL = '[demo provider]';

/** Asked for by "delegate a decision": the subagent asks its parent, who asks the person. */
export const DEMO_DECISION = /\bdecisions?\b/i;

/** The prompt the demo hands a subagent that must ask its parent before it can report. */
export const DEMO_CLARIFY_PROMPT =
  'Ask the agent that delegated this which language the example should use, then report the choice.';

const QUESTION: Question = {
  question: 'Which language should the example use?',
  options: ['TypeScript', 'Python', 'Go'],
};

/**
 * The parent: delegate, then answer the subagent's `needs_input` (through `ask_user` where it is
 * offered, else with the recommended options, as a headless parent answers from context), then
 * report what the subagent said.
 */
export function delegateDecisionMove(
  loop: readonly ToolActivity[],
  tools: ReadonlySet<string>,
): Move {
  const taskAt = lastIndex(loop, 'task');
  if (taskAt < 0) {
    return {
      text: `${LABEL} I will hand this to an explore subagent; it may need a decision from you.`,
      calls: [
        {
          name: 'task',
          arguments: {
            description: 'choose the example language',
            prompt: DEMO_CLARIFY_PROMPT,
            agent: 'explore',
          },
        },
      ],
    };
  }
  const needs = needsInput(toolResultText(loop[taskAt]!));
  if (!needs) return say(`${LABEL} The subagent reported:\n${toolResultText(loop[taskAt]!)}`);
  const askAt = lastIndex(loop, 'ask_user');
  if (tools.has('ask_user') && askAt < taskAt) {
    return {
      text: `${LABEL} The subagent asks: ${(needs.why ?? 'it needs a decision').replace(/[.!?]+$/, '')}.`,
      calls: [{ name: 'ask_user', arguments: { questions: needs.questions } }],
    };
  }
  const result =
    askAt > taskAt ? parseQuestionnaireResult(toolResultText(loop[askAt]!)) : undefined;
  const answers: Answer[] = needs.questions.map(
    (q, i) => (result ? answerAt(result, i) : undefined) ?? q.options[0]!,
  );
  return {
    text: `${LABEL} Passing the answer on to the subagent.`,
    calls: [{ name: 'task', arguments: { resume: needs.task_id, answers } }],
  };
}

/** The subagent: ask the parent once, then report what it was told. */
export function clarifyMove(loop: readonly ToolActivity[]): Move {
  const askedAt = lastIndex(loop, 'request_clarification');
  if (askedAt < 0) {
    return {
      text: `${LABEL} The language is not mine to choose.`,
      calls: [
        {
          name: 'request_clarification',
          arguments: { questions: [QUESTION], why: 'The example is written in one language.' },
        },
      ],
    };
  }
  const result = parseQuestionnaireResult(toolResultText(loop[askedAt]!));
  const answer = result && answerAt(result, 0);
  return say(
    answer === undefined
      ? `${LABEL} No answer came back; I would use ${QUESTION.options[0]}.`
      : `${LABEL} I was told to use ${typeof answer === 'string' ? answer : answer.join(', ')}.`,
  );
}

function needsInput(
  output: string,
): { task_id: string; why?: string; questions: Question[] } | undefined {
  try {
    const value = JSON.parse(output) as { status?: unknown; task_id?: unknown };
    return value.status === 'needs_input' && typeof value.task_id === 'string'
      ? (value as { task_id: string; why?: string; questions: Question[] })
      : undefined;
  } catch {
    return undefined;
  }
}

function lastIndex(loop: readonly ToolActivity[], name: string): number {
  for (let i = loop.length - 1; i >= 0; i--) if (loop[i]!.name === name) return i;
  return -1;
}

function say(text: string): Move {
  return { text, calls: [] };
}
