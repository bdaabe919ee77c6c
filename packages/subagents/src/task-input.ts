import { z } from 'zod/v4';

const answer = z.union([z.string(), z.array(z.string())]);

/**
 * The `task` tool's input: a new job (`description`, `prompt`, `agent`), or the answers for a
 * subagent that asked (`resume`, `answers`). One object, so every provider takes the schema.
 */
export const taskInputSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .optional()
      .describe('A short label (3-8 words) for the job, shown to the user (new job)'),
    prompt: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe(
        'The complete, self-contained instructions: the subagent sees nothing of this conversation (new job)',
      ),
    agent: z.string().optional().describe('Which agent profile to use (default: general)'),
    resume: z
      .string()
      .min(1)
      .optional()
      .describe('The task_id of a subagent that returned "needs_input": it goes on with `answers`'),
    answers: z
      .array(answer)
      .optional()
      .describe(
        'With `resume`: one answer per question, in order, each the exact option text or your own text (a list for a multiSelect question)',
      ),
  })
  .superRefine((input, ctx) => {
    if (input.resume !== undefined) {
      if (input.answers === undefined) {
        ctx.addIssue({ code: 'custom', path: ['answers'], message: 'required with "resume"' });
      }
      for (const field of ['description', 'prompt', 'agent'] as const) {
        if (input[field] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: 'not allowed with "resume" (the task keeps its own)',
          });
        }
      }
      return;
    }
    if (input.answers !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['answers'], message: 'only allowed with "resume"' });
    }
    for (const field of ['description', 'prompt'] as const) {
      if (input[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'required for a new task' });
      }
    }
  });

export type TaskInput = z.infer<typeof taskInputSchema>;
