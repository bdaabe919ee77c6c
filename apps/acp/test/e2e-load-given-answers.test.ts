import fs from 'node:fs';
import path from 'node:path';
import { QuestionnaireModel } from '@agent/askuser';
import { SessionWriter } from '@agent/session';
import { questionnaireLines, startOpenAIChatServer, recordedOutcome } from '@agent/testkit';
import type { QuestionnaireProgress } from '@agent/tools';
import { agentEnv, agentText, fakeArgs, startEditor, type Editor } from './support/editor';
import { editorBed, type EditorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const CALL = 'call_given';
const QUESTIONNAIRE = {
  questions: [
    { question: 'Which database?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Types', 'Tests'], multiSelect: true },
    { question: 'Which region?', options: ['eu-west', 'us-east'] },
  ],
};

type Form = { message: string; requestedSchema: { properties: Record<string, any> } };

/**
 * What the terminal's card wrote before the process died (ASK_USER.md §9, §10): Q1 picked (not
 * the recommended option), then Q3 typed out of order through the strip; Q2 still open. Each
 * answer is recorded as it is given, as the card's model reports it.
 */
function answeredBeforeTheCrash(): QuestionnaireProgress[] {
  const heard: QuestionnaireProgress[] = [];
  const card = new QuestionnaireModel(QUESTIONNAIRE, { onProgress: (p) => heard.push(p) });
  card.select(0, 'SQLite');
  card.type(2, 'ap south 1');
  card.submit();
  return heard;
}

/** A session whose model asked QUESTIONNAIRE and whose process died with `given` recorded. */
async function crashedSession(bed: EditorBed, given: QuestionnaireProgress[]): Promise<string> {
  const writer = await SessionWriter.create({
    agentHome: bed.sandbox.agentHome,
    cwd: bed.sandbox.workspace,
    provider: 'openai-chat',
    model: 'fake-model',
  });
  writer.recordUser('Help me choose, ask me');
  writer.recordLoopEvent({
    type: 'assistant_message',
    message: {
      role: 'assistant',
      text: 'Questions first.',
      toolCalls: [
        { id: CALL, name: 'ask_user', input: QUESTIONNAIRE, status: 'pending', summary: '' },
      ],
    },
  });
  for (const progress of given) await writer.recordQuestionnaireProgress(CALL, progress);
  await writer.close();
  return writer.id;
}

/** An editor that shows forms, loading `sessionId`; `reply` answers the form it is shown. */
async function loadInEditor(
  bed: EditorBed,
  sessionId: string,
  reply: (form: Form) => unknown,
): Promise<{ editor: Editor; form: Promise<Form> }> {
  const editor = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
  await editor.agent.request('initialize', {
    protocolVersion: editor.acp.PROTOCOL_VERSION,
    clientCapabilities: { elicitation: { form: {} } },
  });
  let shown!: (form: Form) => void;
  const form = new Promise<Form>((resolve) => (shown = resolve));
  editor.answers.elicitation = (params) => {
    shown(params as unknown as Form);
    return reply(params as unknown as Form) as never;
  };
  await editor.agent.request('session/load', {
    sessionId,
    cwd: bed.sandbox.workspace,
    mcpServers: [],
  });
  return { editor, form };
}

/** The form's content as it is shown: every field's default. */
function asShown(form: Form): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(form.requestedSchema.properties)) {
    if (field.default !== undefined) content[key] = field.default;
  }
  return content;
}

/** The text of session `id`'s file. */
function sessionText(bed: EditorBed, id: string): string {
  return fs.readFileSync(path.join(bed.sandbox.agentHome, 'sessions', `${id}.jsonl`), 'utf8');
}

/** The tool result the request `index` of the fake carries for the call. */
function toolResult(bed: EditorBed, index: number): unknown {
  const messages = (bed.fake.requests[index]!.body as { messages: Array<Record<string, unknown>> })
    .messages;
  return messages.find((m) => m.role === 'tool' && m.tool_call_id === CALL)?.content;
}

const ENDINGS = [
  {
    name: 'accepted as shown, the open question answered',
    reply: (form: Form) => ({ action: 'accept', content: { ...asShown(form), q2: ['Types'] } }),
    card: (card: QuestionnaireModel) => {
      card.toggle(1, 'Lint');
      card.toggle(1, 'Types');
      card.submit();
    },
    result: '{"answers":["SQLite",["Types"],"ap south 1"],"cancelled":false}',
    summary: '3 answers',
  },
  {
    name: 'declined',
    reply: () => ({ action: 'decline' }),
    card: (card: QuestionnaireModel) => card.cancel(),
    result: '{"answers":["SQLite"],"also_answered":{"3":"ap south 1"},"cancelled":true}',
    summary: 'cancelled after 2 of 3',
  },
];

/**
 * A questionnaire the terminal left open after answers were given (then `kill -9`), loaded in an
 * editor: the form has the answers given before as its defaults, exactly as the terminal's card
 * resumes them, and whatever the editor sends back, the session gets the same result and the
 * same lines as the terminal's card writes for the same answers.
 */
describe.each(ENDINGS)(
  'agent-acp keeps the answers given before a crash when the session is loaded: $name',
  (ending) => {
    const bed = editorBed();

    beforeAll(async () => {
      bed.fake = await startOpenAIChatServer([{ text: 'noted' }]);
    });

    it("fills them in as the form's defaults and writes what the terminal writes", async () => {
      const before = answeredBeforeTheCrash();
      const sessionId = await crashedSession(bed, before);
      // The terminal's card, offered again with the same answers, answered the same way.
      const heard: QuestionnaireProgress[] = [];
      const card = new QuestionnaireModel(QUESTIONNAIRE, {
        answered: before.at(-1)!,
        onProgress: (p) => heard.push(p),
      });
      heard.push(card.progress);
      ending.card(card);
      expect(card.status).not.toBe('active');

      const { editor, form } = await loadInEditor(bed, sessionId, ending.reply);
      const shown = await form;
      expect(shown.message).toBe(
        'The agent has 3 questions for you. Your earlier answers are filled in.',
      );
      const fields = shown.requestedSchema.properties;
      expect(fields.q1.default).toBe('SQLite');
      expect(fields.q1_typed.default).toBeUndefined();
      expect(fields.q2.default).toEqual(['Lint']);
      expect(fields.q3.default).toBe('eu-west');
      expect(fields.q3_typed.default).toBe('ap south 1');
      await editor.waitForUpdate(() => agentText(editor.updates).includes('noted'));
      expect(toolResult(bed, 0)).toBe(ending.result);
      expect(await editor.close()).toBe(0);

      const lines = questionnaireLines(sessionText(bed, sessionId), CALL);
      expect(lines).toEqual([
        ...[...before, ...heard].map((p) => ({
          type: 'questionnaire_progress',
          callId: CALL,
          ...p,
        })),
        {
          type: 'tool_end',
          callId: CALL,
          status: 'ok',
          summary: ending.summary,
          retainedOutput: ending.result,
          questionnaire: recordedOutcome(card.result!),
          // Where it was answered: the editor's form.
          answeredOn: 'the editor',
        },
      ]);
    });
  },
);

describe('agent-acp keeps the answers given before a crash when the loaded turn is cancelled', () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([]);
  });

  it('the call is closed with them as its interrupted result, as the terminal does', async () => {
    const before = answeredBeforeTheCrash();
    const sessionId = await crashedSession(bed, before);
    const { editor, form } = await loadInEditor(bed, sessionId, () => new Promise(() => undefined));
    await form;
    await editor.agent.notify('session/cancel', { sessionId });
    await editor.waitForUpdate(
      (u) =>
        u.sessionUpdate === 'tool_call_update' && u.toolCallId === CALL && u.status === 'failed',
    );
    expect(await editor.close()).toBe(0);
    const lines = questionnaireLines(sessionText(bed, sessionId), CALL);
    expect(lines.at(-1)).toMatchObject({
      type: 'tool_end',
      retainedOutput:
        '{"answers":["SQLite"],"also_answered":{"3":"ap south 1"},"cancelled":true,"interrupted":true}',
    });
  });
});
