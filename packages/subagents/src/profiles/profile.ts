import { z } from 'zod/v4';

/** An agent profile: which tools a subagent gets, its instructions, and optionally its model. */
export interface AgentProfile {
  name: string;
  description: string;
  tools: string[];
  /** Model to run on instead of the parent's (same provider). */
  model?: string;
  systemPrompt: string;
  /** Where it was defined: `built-in` or a file path. */
  source: string;
}

/** The front matter of a profile file. */
export const profileFrontMatterSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'expected lower-case letters, digits, - or _ (max 40)'),
  description: z.string().trim().min(1, 'must not be empty').max(500),
  tools: z.array(z.string()).min(1, 'list at least one tool').optional(),
  model: z.string().trim().min(1).optional(),
});
