import { askPerson, defineTool } from '@agent/tools';
import { z } from 'zod/v4';

/** An interactive tool of the library caller's own that asks its questions through the channel. */
export const pickTool = defineTool({
  name: 'pick',
  description: 'asks the person to pick',
  inputSchema: z.object({
    questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
  }),
  permission: 'read',
  interactive: true,
  async execute(input, ctx) {
    const result = await askPerson(
      ctx.person,
      'questionnaire',
      { questionnaire: { questions: input.questions } },
      { signal: ctx.signal, toolCallId: ctx.toolCallId },
    );
    return { output: JSON.stringify(result) };
  },
});

export const WHICH = { question: 'Which?', options: ['a', 'b'] };
export const WHEN = { question: 'When?', options: ['now', 'later'] };
