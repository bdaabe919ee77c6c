import type { CallApproval } from '@agent/tool-contract';
import { z } from 'zod/v4';

/**
 * The wire form of every session line of the current schema version: the JSON as written, not
 * the in-memory types (see `../schema.ts`). Decoding reads a line with the event's schema made
 * loose at the top level (fields of a newer version are kept, as files always promised);
 * encoding parses the in-memory event with the strict-by-omission schema, so that a field not
 * named here is never written.
 */
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'not a content hash');
const hashOrNull = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'neither a content hash nor null')
  .nullable();
const status = z.enum(['pending', 'ok', 'error', 'denied', 'skipped', 'interrupted'], {
  error: 'unknown status',
});
// A provider's token count, as the file has it: JSON writes a NaN as null, and the reader uses
// only counts that are numbers, so neither side refuses the message for it.
const count = z.custom<number>((value) => value === null || typeof value === 'number');

const answer = z.union([z.string(), z.array(z.string())], {
  error: 'not an answer (a string or a list of strings)',
});
const laterAnswer = z.object({
  question: z.number().int().nonnegative(),
  answer,
  custom: z.boolean().optional(),
});

/** An ask_user call's outcome as data (v2): what the model's output text was made from. */
export const wireQuestionnaireAnswers = z.object({
  answers: z.array(answer),
  cancelled: z.boolean(),
  custom: z.array(z.boolean()).optional(),
  later: z.array(laterAnswer).optional(),
});

/** How a call's approval went (v4): who decided, and how. */
export const wireCallApproval = z.object({
  allowed: z.boolean(),
  by: z.enum(['person', 'rule', 'mode', 'hook', 'policy'], { error: 'unknown decider' }),
  choice: z.enum(['once', 'always', 'deny', 'deny-always'], { error: 'unknown choice' }).optional(),
  rule: z.string().optional(),
  scope: z.enum(['session', 'workspace', 'user'], { error: 'unknown scope' }).optional(),
  reason: z.string().optional(),
  mode: z.string().optional(),
  source: z.string().optional(),
  leaveSandbox: z.enum(['outside', 'network'], { error: 'unknown sandbox exit' }).optional(),
  on: z.string().optional(),
  asked: z.boolean().optional(),
});

/** Holds only when `A` and `B` are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The wire record is the in-memory one: a decider (or any field) added to `CallApproval` but not
// here, or here but not there, fails the typecheck.
export const WIRE_APPROVAL_IS_CALL_APPROVAL: Same<
  z.infer<typeof wireCallApproval>,
  CallApproval
> = true;

const imageRef = z.object({
  sha256: hash,
  mediaType: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  name: z.string(),
  size: z.number(),
});

/** A person's `!command` as it ended (v3). */
const personShell = z.object({
  command: z.string(),
  status: z.enum(['ok', 'error', 'interrupted'], { error: 'unknown status' }),
  summary: z.string(),
  output: z.string(),
});

const toolCall = z.object({
  id: z.string(),
  name: z.string(),
  // JSON leaves out an undefined input: a call without one is still a call.
  input: z.unknown().optional(),
  status,
  summary: z.string(),
  retainedOutput: z.string().optional(),
  retainedDetails: z.unknown().optional(),
});

const assistantMessage = z.object({
  role: z.literal('assistant'),
  text: z.string(),
  toolCalls: z.array(toolCall),
  usage: z
    .object({ inputTokens: count, outputTokens: count, cachedTokens: count.optional() })
    .optional(),
  provider: z.string().optional(),
  model: z.string().optional(),
});

const retainedCall = z.object({
  id: z.string(),
  name: z.string(),
  // JSON leaves out an undefined input: a call without one is still a call.
  input: z.unknown().optional(),
  status,
  output: z.string(),
  details: z.unknown().optional(),
  amended: z.string().optional(),
});

const userMessage = z.object({
  role: z.literal('user'),
  text: z.string(),
  images: z.array(imageRef).optional(),
  amends: z.object({ callId: z.string(), output: z.string() }).optional(),
});

const checkpointMessage = z.object({
  role: z.literal('checkpoint'),
  summary: z.string(),
  decisions: z.array(retainedCall).optional(),
});

const question = z.object({
  question: z.string(),
  options: z.array(z.string()),
  multiSelect: z.boolean().optional(),
});

const subagentTask = z.object({
  taskId: z.string(),
  agent: z.string(),
  description: z.string(),
  messages: z.array(
    z.discriminatedUnion('role', [userMessage, assistantMessage, checkpointMessage]),
  ),
  pending: z.object({
    callId: z.string(),
    questions: z.array(question),
    why: z.string().optional(),
  }),
  asked: z.number(),
});

/** The fields every line starts with, in the order written (the parser reads `type` unparsed). */
function event<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.object({
    v: z.number().int().positive(),
    type: z.literal(type),
    id: z.string(),
    ts: z.string(),
    ...shape,
  });
}

// A count the reader checks itself: a line with a bad one is kept, the count ignored.
const o200k = { o200k: z.unknown().optional() };

export const WIRE_EVENT_SCHEMAS = {
  session_start: event('session_start', {
    cwd: z.string(),
    provider: z.string(),
    model: z.string(),
    title: z.string().optional(),
  }),
  user: event('user', {
    text: z.string(),
    display: z.string().optional(),
    amends: z.object({ callId: z.string(), output: z.string() }).optional(),
    images: z.array(imageRef).optional(),
    shell: personShell.optional(),
    ...o200k,
  }),
  file_snapshot: event('file_snapshot', {
    path: z.string(),
    before: hashOrNull,
    after: hashOrNull,
    workspace: z.string().optional(),
  }),
  undo: event('undo', { turn: z.string(), paths: z.array(z.string()) }),
  assistant: event('assistant', { message: assistantMessage, ...o200k }),
  tool_end: event('tool_end', {
    callId: z.string(),
    status,
    summary: z.string(),
    retainedOutput: z.string().optional(),
    retainedDetails: z.unknown().optional(),
    questionnaire: wireQuestionnaireAnswers.optional(),
    approval: wireCallApproval.optional(),
    answeredOn: z.string().optional(),
    ...o200k,
  }),
  tool_progress: event('tool_progress', { callId: z.string(), text: z.string() }),
  subagent_task: event('subagent_task', {
    callId: z.string(),
    taskId: z.string(),
    task: subagentTask.optional(),
    done: z.literal(true).optional(),
  }),
  checkpoint: event('checkpoint', {
    summary: z.string(),
    decisions: z.array(retainedCall).optional(),
    ...o200k,
  }),
  provider_change: event('provider_change', { provider: z.string(), model: z.string() }),
  questionnaire: event('questionnaire', {
    callId: z.string(),
    questionnaire: z.looseObject({ questions: z.array(question) }),
    result: z.looseObject({ answers: z.array(z.unknown()), cancelled: z.boolean() }),
  }),
  questionnaire_progress: event('questionnaire_progress', {
    callId: z.string(),
    answers: z.array(answer),
    custom: z.array(z.boolean()),
    later: z.array(laterAnswer).optional(),
  }),
  elicitation: event('elicitation', {
    server: z.string(),
    mode: z.enum(['form', 'url'], { error: 'unknown mode' }),
    message: z.string(),
    action: z.enum(['accept', 'decline', 'cancel'], { error: 'unknown action' }),
    fields: z
      .array(
        z.object({
          key: z.string(),
          question: z.string(),
          answer: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
        }),
      )
      .optional(),
    url: z.string().optional(),
    note: z.string().optional(),
  }),
  settings: event('settings', {
    toolHistory: z.enum(['full', 'off'], { error: 'unknown tool history' }).optional(),
    mode: z.enum(['default', 'accept-edits', 'plan'], { error: 'unknown mode' }).optional(),
  }),
  turn_end: event('turn_end', {
    reason: z.enum(['interrupted', 'stopped', 'error', 'max_iterations'], {
      error: 'unknown reason',
    }),
  }),
} as const;

export type WireEventType = keyof typeof WIRE_EVENT_SCHEMAS;

/**
 * Fields a reader forgives, by event type: a value it cannot read is left out and the rest of the
 * line kept. Only when reading: the writer refuses such a value (see `encodeEvent`).
 */
export const READ_FORGIVEN: Partial<Record<WireEventType, z.ZodRawShape>> = {
  // An approval record this reader cannot read (a newer decider): the call's end is kept without it.
  tool_end: { approval: wireCallApproval.optional().catch(undefined) },
};

export function isWireEventType(type: unknown): type is WireEventType {
  return typeof type === 'string' && Object.hasOwn(WIRE_EVENT_SCHEMAS, type);
}
