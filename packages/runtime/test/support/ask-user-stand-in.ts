import { defineTool } from '@agent/tools';
import { askQuestions, QUESTIONS_INPUT } from './pick-tool';

/**
 * A questionnaire tool as @agent/askuser's `ask_user` is to the runtime (which does not depend
 * on it): named `ask_user`, its output retained, its outcome recorded as data in its details.
 */
export const askUserStandIn = defineTool({
  name: 'ask_user',
  description: 'asks the person questions',
  inputSchema: QUESTIONS_INPUT,
  permission: 'read',
  interactive: true,
  retainsOutput: true,
  async execute(input, ctx) {
    const result = await askQuestions(input, ctx);
    const { answers, cancelled } = result;
    const custom = result.custom ?? answers.map(() => false);
    return {
      output: JSON.stringify({ answers, cancelled }),
      details: { answers, cancelled, custom },
    };
  },
});
