import { askPerson, defineTool } from '@agent/tools';
import { z } from 'zod/v4';

/**
 * A questionnaire tool as @agent/askuser's `ask_user` is to the runtime (which does not depend
 * on it): named `ask_user`, its output retained, its outcome recorded as data in its details.
 */
export const askUserStandIn = defineTool({
  name: 'ask_user',
  description: 'asks the person questions',
  inputSchema: z.object({
    questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
  }),
  permission: 'read',
  interactive: true,
  retainsOutput: true,
  async execute(input, ctx) {
    const result = await askPerson(
      ctx.person,
      'questionnaire',
      { questionnaire: { questions: input.questions } },
      { signal: ctx.signal, toolCallId: ctx.toolCallId },
    );
    const { answers, cancelled } = result;
    const custom = (result as { custom?: boolean[] }).custom ?? answers.map(() => false);
    return {
      output: JSON.stringify({ answers, cancelled }),
      details: { answers, cancelled, custom },
    };
  },
});
