import { defineTool, questionsInputSchema, type Tool, type ToolResult } from '@agent/tools';
import { z } from 'zod/v4';

/** The tool's name as advertised to a subagent's provider. */
export const REQUEST_CLARIFICATION_TOOL_NAME = 'request_clarification';

/** `request_clarification` calls allowed per task, across its resumes. */
export const CLARIFICATIONS_PER_TASK = 3;

const inputSchema = questionsInputSchema(
  {
    why: z
      .string({ error: 'expected why as a string' })
      .max(1000, 'expected at most 1000 characters')
      .optional()
      .meta({ description: 'Why you cannot go on without the answers (one or two sentences).' }),
  },
  '"questions" and "why"',
);

export type RequestClarificationInput = z.infer<typeof inputSchema>;

const DESCRIPTION = [
  'Ask the agent that delegated this task one or more multiple-choice questions when you cannot go on without a decision that is not yours to make (which option, which file, which behaviour), and the answer is not in the workspace.',
  'Calling it ends your run for now; you continue from here, with everything you have done so far, once the answers come.',
  'Same shape as a questionnaire: 1-10 questions, each with 2-6 distinct options, the FIRST option your recommendation; set "multiSelect": true where several options may apply together. Add "why" to say what is blocked.',
  `Returns JSON {"answers": [...], "cancelled": false}: one answer per question in order, each exactly an option you sent or other text (a list for a multiSelect question). At most ${CLARIFICATIONS_PER_TASK} calls per task; do not ask what you can find out by reading the code.`,
].join(' ');

/** How a `request_clarification` call reaches the task that runs the subagent. */
export interface ClarificationGate {
  /** The result for this call when the parent has answered it (a resumed run), else undefined. */
  answered(callId: string): string | undefined;
  /** Records the questions and ends the subagent's run (its loop's signal aborts). */
  ask(callId: string, input: RequestClarificationInput): void;
}

/**
 * `request_clarification`: a subagent's only way to ask anything. It never reaches the person
 * itself: the run ends with the call open, the parent's `task` call returns `needs_input`, and the
 * parent's answers become this call's result when it resumes the task.
 */
export function createRequestClarificationTool(
  gate: ClarificationGate,
): Tool<RequestClarificationInput> {
  return defineTool({
    name: REQUEST_CLARIFICATION_TOOL_NAME,
    description: DESCRIPTION,
    inputSchema,
    permission: 'read',
    // Interactive, as ask_user is: precedence over the other calls of its response, and the loop
    // keeps its budget (CLARIFICATIONS_PER_TASK).
    interactive: true,
    retainsOutput: true,
    describe(input) {
      const first = input.questions[0]?.question.trim().replace(/\s+/g, ' ') ?? '';
      const head = first.length > 60 ? `${first.slice(0, 59)}…` : first;
      const count = input.questions.length;
      return count === 1 ? `ask the parent: ${head}` : `ask the parent ${count} questions: ${head}`;
    },
    async execute(input, ctx): Promise<ToolResult> {
      const answered = gate.answered(ctx.toolCallId);
      if (answered !== undefined) return { output: answered, summary: 'answered by the parent' };
      gate.ask(ctx.toolCallId, input);
      // The run has ended (the signal is aborted): nothing reads this.
      throw new Error('waiting for the parent to answer');
    },
  });
}
