import {
  answerIsTyped,
  askPerson,
  defineTool,
  isAnswer,
  questionnaireOutput,
  questionnaireTitle,
  summaryHeadline,
  type Answer,
  type LaterAnswer,
  type Question,
  type Tool,
  type ToolResult,
} from '@agent/tool-contract';
import { ASK_USER_GUIDANCE } from './guidance';
import { askUserInputSchema, type AskUserInput } from './schema';

/** The tool's name as advertised to every provider. */
export const ASK_USER_TOOL_NAME = 'ask_user';

const DESCRIPTION = [
  'Ask the person at the keyboard one or more multiple-choice questions and wait for their answers.',
  'Use it only for a decision that is genuinely theirs and changes the outcome (a library, an API shape, a destructive step), never for what you can find out by reading the code.',
  'Put related questions in one call (1-10 questions, each with 2-6 distinct options).',
  'The FIRST option of each question is your recommendation and is preselected for the person; they may pick any option or type their own answer.',
  'Set "multiSelect": true on a question when several of its options may apply together; its answer is then a list of the exact options chosen, in option order, followed by the typed text if any.',
  'Returns JSON {"answers": [...], "cancelled": false}: one answer per question in order, each exactly the option text you sent or what the person typed (a list for a multiSelect question), e.g. {"answers": ["PostgreSQL", ["Lint", "Tests"], "my own text"], "cancelled": false}.',
  'If "cancelled" is true the person dismissed the questionnaire (Esc) and "answers" holds only the questions answered from the first on, up to the first they left unanswered; answers they gave to later questions are in "also_answered", keyed by question number from 1, e.g. {"answers": ["Postgres"], "also_answered": {"3": "us-east"}, "cancelled": true}. Use every answer given and do not ask the same thing again in this turn.',
  'If "interrupted" is true as well, the person stopped the whole turn (or the session ended) while the questionnaire was open: the answers are still exactly what they chose; wait for their next message before going on.',
].join(' ');

/** Creates the `ask_user` tool. It asks through the person channel; refused where nobody answers. */
export function createAskUserTool(): Tool<AskUserInput> {
  return defineTool({
    name: ASK_USER_TOOL_NAME,
    description: DESCRIPTION,
    inputSchema: askUserInputSchema,
    permission: 'read',
    interactive: true,
    retainsOutput: true,
    // The guidance comes with the tool: registering it is enough to have it in the prompt.
    promptSection: ASK_USER_GUIDANCE,
    describe: questionnaireTitle,
    async execute(input, ctx): Promise<ToolResult> {
      if (!ctx.person.canAnswer('questionnaire')) {
        return {
          output:
            'ask_user is not available here: nobody can answer questions in this run. Proceed with the context you have and state your assumptions.',
          isError: true,
          summary: 'not available',
        };
      }
      const questionnaire = {
        questions: input.questions.map((q): Question => ({
          question: q.question,
          options: [...q.options],
          ...(q.multiSelect === true ? { multiSelect: true } : {}),
        })),
      };
      const total = questionnaire.questions.length;
      const partial = (answers: Answer[], custom: boolean[], later?: LaterAnswer[]): void =>
        ctx.reportPartial?.(interruptedOutput(answers, later), {
          answers,
          cancelled: true,
          custom: custom.slice(0, total),
          ...(later?.length ? { later } : {}),
        });
      partial([], []);
      let result;
      try {
        result = await askPerson(
          ctx.person,
          'questionnaire',
          {
            questionnaire,
            onProgress: (progress) =>
              partial(progress.answers.slice(0, total), progress.custom, progress.later),
          },
          { signal: ctx.signal, toolCallId: ctx.toolCallId },
        );
      } catch (error) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? error;
        const reason = error instanceof Error ? error.message : String(error);
        return { output: `ask_user failed: ${reason}`, isError: true, summary: 'failed' };
      }
      const custom = (result as { custom?: unknown }).custom;
      const answers: Answer[] = [];
      const typed: boolean[] = [];
      for (const [i, given] of result.answers.slice(0, total).entries()) {
        const question = questionnaire.questions[i]!;
        const answer = answerFor(question, given);
        const flag: unknown = Array.isArray(custom) ? custom[i] : undefined;
        answers.push(answer);
        typed.push(typeof flag === 'boolean' ? flag : answerIsTyped(question, answer));
      }
      const cancelled = result.cancelled === true;
      const later = cancelled
        ? laterAnswers(questionnaire.questions, answers.length, result.later)
        : [];
      return {
        output: questionnaireOutput({ answers, cancelled, later }),
        summary: summaryHeadline(
          answers.length + later.length,
          questionnaire.questions.length,
          cancelled,
        ),
        // The outcome as data, which the output text is made from: sessions record it, front
        // ends replay it, the model never sees it.
        details: { answers, cancelled, custom: typed, ...(later.length > 0 ? { later } : {}) },
      };
    },
  });
}

/** An answer in the shape its question asks for: a list for multiSelect, else one string. */
function answerFor(question: Question, answer: unknown): Answer {
  const value: Answer = isAnswer(answer) ? answer : String(answer);
  if (question.multiSelect === true) return typeof value === 'string' ? [value] : [...value];
  return typeof value === 'string' ? value : value.join(', ');
}

/**
 * The answers a front end gave after the answered run, each in its question's shape, with its
 * typed flag; only questions after `from` that exist, one entry per question.
 */
function laterAnswers(
  questions: readonly Question[],
  from: number,
  given: readonly LaterAnswer[] | undefined,
): LaterAnswer[] {
  const seen = new Set<number>();
  const later: LaterAnswer[] = [];
  for (const entry of given ?? []) {
    const question = questions[entry.question];
    if (!question || entry.question <= from || seen.has(entry.question)) continue;
    seen.add(entry.question);
    const answer = answerFor(question, entry.answer);
    later.push({
      question: entry.question,
      answer,
      custom: entry.custom ?? answerIsTyped(question, answer),
    });
  }
  return later.sort((a, b) => a.question - b.question);
}

/**
 * The result paired with a call whose turn was interrupted (Ctrl+C) while the card was open: the
 * answers given before that (out of order ones too), so the model, the screen and the replay
 * agree.
 */
export function interruptedOutput(
  answers: readonly Answer[],
  later?: readonly LaterAnswer[],
): string {
  return questionnaireOutput(
    { answers: [...answers], cancelled: true, ...(later?.length ? { later: [...later] } : {}) },
    true,
  );
}

/** Alias of {@link createAskUserTool}. */
export const askUserTool = createAskUserTool;
