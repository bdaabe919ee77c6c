import { askPerson, defineTool, type AnsweredQuestionnaire, type ToolContext } from '@agent/tools';
import { z } from 'zod/v4';

/** The input of a test tool that asks questions: each with its options. */
export const QUESTIONS_INPUT = z.object({
  questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
});

/** Asks `input`'s questions through the call's person channel, as the call's questionnaire. */
export function askQuestions(
  input: z.infer<typeof QUESTIONS_INPUT>,
  ctx: ToolContext,
): Promise<AnsweredQuestionnaire> {
  return askPerson(
    ctx.person,
    'questionnaire',
    { questionnaire: { questions: input.questions } },
    { signal: ctx.signal, toolCallId: ctx.toolCallId },
  );
}

/** An interactive tool of the library caller's own that asks its questions through the channel. */
export const pickTool = defineTool({
  name: 'pick',
  description: 'asks the person to pick',
  inputSchema: QUESTIONS_INPUT,
  permission: 'read',
  interactive: true,
  async execute(input, ctx) {
    return { output: JSON.stringify(await askQuestions(input, ctx)) };
  },
});

export const WHICH = { question: 'Which?', options: ['a', 'b'] };
export const WHEN = { question: 'When?', options: ['now', 'later'] };
