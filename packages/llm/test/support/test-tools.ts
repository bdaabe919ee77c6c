import { z } from 'zod/v4';
import {
  answerAtOnce,
  askPerson,
  defineTool,
  questionnaireOutput,
  ToolError,
  type AnsweredQuestionnaire,
  type PermissionDecision,
  type PermissionRequest,
  type PersonAnswer,
  type PersonChannel,
  type PersonRequest,
  type PersonRequestKind,
  type Questionnaire,
  type Tool,
} from '@agent/tools';
import { aborted } from '../../src/testing';

/** Records every side effect the test tools perform. */
export class Effects {
  readonly log: string[] = [];
}

export function echoTool(effects: Effects): Tool<{ text: string }> {
  return defineTool({
    name: 'echo',
    description: 'Echo text back.',
    inputSchema: z.object({ text: z.string() }),
    permission: 'read',
    describe: (input) => `echo ${input.text.slice(0, 20)}`,
    async execute(input) {
      effects.log.push(`echo:${input.text}`);
      return { output: `echo: ${input.text}`, summary: `echoed ${input.text.length} chars` };
    },
  });
}

export function writeTool(effects: Effects): Tool<{ path: string; content: string }> {
  return defineTool({
    name: 'write',
    description: 'Write a file (test double that only records).',
    inputSchema: z.object({ path: z.string(), content: z.string() }),
    permission: 'edit',
    describe: (input) => `write ${input.path}`,
    preview: async (input) => `+++ ${input.path}\n+${input.content}`,
    async execute(input) {
      effects.log.push(`write:${input.path}`);
      return { output: `wrote ${input.path}`, summary: `wrote ${input.path}` };
    },
  });
}

/** A tool that runs until its signal aborts, reporting that it saw the abort. */
export function waitTool(effects: Effects, started?: () => void): Tool<{ label: string }> {
  return defineTool({
    name: 'wait',
    description: 'Wait until interrupted.',
    inputSchema: z.object({ label: z.string() }),
    permission: 'read',
    describe: (input) => `wait ${input.label}`,
    async execute(input, ctx) {
      effects.log.push(`wait-start:${input.label}`);
      started?.();
      await aborted(ctx.signal);
      effects.log.push(`wait-saw-abort:${input.label}`);
      throw new Error('aborted');
    },
  });
}

export function failingTool(): Tool<{ mode: 'tool-error' | 'crash' | 'is-error' }> {
  return defineTool({
    name: 'fail',
    description: 'Fails in various ways.',
    inputSchema: z.object({ mode: z.enum(['tool-error', 'crash', 'is-error']) }),
    permission: 'read',
    async execute(input) {
      if (input.mode === 'tool-error') throw new ToolError('file "x" does not exist');
      if (input.mode === 'crash') throw new TypeError('boom');
      return { output: 'soft failure', isError: true };
    },
  });
}

/** An interactive, output-retaining tool shaped like ask_user. */
export function askTool(effects: Effects): Tool<Questionnaire> {
  return defineTool({
    name: 'ask_user',
    description: 'Ask the person.',
    inputSchema: z.object({
      questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
    }),
    permission: 'read',
    interactive: true,
    retainsOutput: true,
    describe: (input) => `ask ${input.questions.length} questions`,
    async execute(input, ctx) {
      effects.log.push('ask');
      if (!ctx.person.canAnswer('questionnaire')) return { output: 'no requester', isError: true };
      const result = await askPerson(
        ctx.person,
        'questionnaire',
        { questionnaire: input },
        { signal: ctx.signal, toolCallId: ctx.toolCallId },
      );
      return { output: questionnaireOutput(result), summary: `${result.answers.length} answers` };
    },
  });
}

/**
 * A person who answers questionnaires with `ask` and approvals with `permissions` (allowed when
 * absent).
 */
export function asker(
  ask: (questionnaire: Questionnaire, signal: AbortSignal) => Promise<AnsweredQuestionnaire>,
  permissions?: RecordingPermissions,
): PersonChannel {
  return answerAtOnce({
    approval: (request) => (permissions ? permissions.ask(request) : { kind: 'allow' }),
    questionnaire: (request) => ask(request.payload.questionnaire, request.signal),
  });
}

/** Each question's first option. */
export const firstOptions = async (questionnaire: Questionnaire) => ({
  answers: questionnaire.questions.map((q) => q.options[0]!),
  cancelled: false,
});

/** Answers every questionnaire with each question's first option. */
export const firstOptionAsker: PersonChannel = asker(firstOptions);

/** Records permission requests and answers them with `decide`. */
export class RecordingPermissions implements PersonChannel {
  readonly requests: PermissionRequest[] = [];
  constructor(
    private readonly decide: (r: PermissionRequest) => PermissionDecision = () => ({
      kind: 'allow',
    }),
  ) {}
  canAnswer(kind: PersonRequestKind): boolean {
    return kind === 'approval';
  }
  async ask<K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> {
    if (request.kind !== 'approval') throw new Error(`not an approval: ${request.kind}`);
    const payload = request.payload as PermissionRequest;
    this.requests.push(payload);
    return this.decide(payload) as PersonAnswer<K>;
  }
}
