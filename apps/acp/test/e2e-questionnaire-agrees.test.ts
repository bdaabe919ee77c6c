import fs from 'node:fs';
import path from 'node:path';
import { QuestionnaireModel } from '@agent/askuser';
import {
  AGREED_ANSWERS,
  AGREED_QUESTIONNAIRE,
  questionnaireLines,
  startOpenAIChatServer,
  recordedOutcome,
} from '@agent/testkit';
import type { QuestionnaireProgress } from '@agent/tools';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const CALL = 'call_agreed';

/** Every session file of the agent home, as one string. */
function sessionText(agentHome: string): string {
  const dir = path.join(agentHome, 'sessions');
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .join('');
}

/**
 * The editor's form goes through the questionnaire's intents: the same answers give the same
 * result and the same session lines as the intent API from a test (the REPL's keys are held to
 * the same in apps/repl's ask-user-agrees-e2e-tmux test).
 */
describe.each(AGREED_ANSWERS)(
  'an editor form and the intent API agree on a questionnaire: $name (issue 35, item 5)',
  (agreed) => {
    const bed = editorBed();

    beforeAll(async () => {
      bed.fake = await startOpenAIChatServer([
        { toolCalls: [{ id: CALL, name: 'ask_user', arguments: AGREED_QUESTIONNAIRE }] },
        { text: 'noted' },
      ]);
    });

    it('gives an identical result and identical questionnaire_progress and tool_end lines', async () => {
      const heard: QuestionnaireProgress[] = [];
      const model = new QuestionnaireModel(AGREED_QUESTIONNAIRE, {
        onProgress: (progress) => heard.push(progress),
      });
      agreed.intents(model);
      expect(model.status).not.toBe('active');

      const { editor, sessionId } = await bed.open({ forms: true });
      editor.answers.elicitation = () => ({ action: 'accept', content: agreed.form });
      expect(await promptText(editor, sessionId, 'ask me')).toBe('end_turn');
      expect(await editor.close()).toBe(0);

      const messages = (bed.fake.requests[1]!.body as { messages: Array<Record<string, unknown>> })
        .messages;
      expect(messages.find((m) => m.role === 'tool' && m.tool_call_id === CALL)?.content).toBe(
        agreed.result,
      );
      expect(questionnaireLines(sessionText(bed.sandbox.agentHome), CALL)).toEqual([
        ...heard.map((progress) => ({ type: 'questionnaire_progress', callId: CALL, ...progress })),
        {
          type: 'tool_end',
          callId: CALL,
          status: 'ok',
          summary: agreed.summary,
          retainedOutput: agreed.result,
          questionnaire: recordedOutcome(model.result!),
          // Where it was answered: the editor's form (the intent API has no front end).
          answeredOn: 'the editor',
        },
      ]);
    });
  },
);
