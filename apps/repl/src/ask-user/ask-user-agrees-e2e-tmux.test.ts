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
import { sessionText, toolMessage } from '../../test/support/ask-user-tmux';
import { replTmuxBed } from '../../test/support/repl-tmux-bed';

const CALL = 'call_agreed';

/**
 * The card's keys are a map onto the questionnaire's intents: the same answers by key presses
 * in the REPL under tmux give the result and the session lines the intent API gives (the
 * editor's form is held to the same in apps/acp's e2e-questionnaire-agrees test).
 */
describe.each(AGREED_ANSWERS)(
  'the REPL card and the intent API agree on a questionnaire: $name (issue 35, item 5)',
  (agreed) => {
    const bed = replTmuxBed('ask-agrees', { session: 'agrees' });

    it('gives an identical result and identical questionnaire_progress and tool_end lines', async () => {
      const heard: QuestionnaireProgress[] = [];
      const model = new QuestionnaireModel(AGREED_QUESTIONNAIRE, {
        onProgress: (progress) => heard.push(progress),
      });
      agreed.intents(model);
      expect(model.status).not.toBe('active');

      const server = (bed.server = await startOpenAIChatServer([
        { toolCalls: [{ id: CALL, name: 'ask_user', arguments: AGREED_QUESTIONNAIRE }] },
        { text: 'Noted the answers.' },
      ]));
      bed.launch({ cols: 100, rows: 32 });
      await bed.waitFor('openai-chat/fake-model');
      bed.typeText('ask me');
      bed.keys('Enter');
      await bed.waitFor('Question 1 of 3');
      for (const step of agreed.keys) {
        if (Array.isArray(step)) bed.keys(...step);
        else bed.typeText(step.text);
      }
      await bed.waitFor('Noted the answers.');
      await bed.waitFor('· ready');

      expect(toolMessage(server.requests[1], CALL)).toBe(agreed.result);
      expect(questionnaireLines(sessionText(path.join(bed.home, 'sessions')), CALL)).toEqual([
        ...heard.map((progress) => ({ type: 'questionnaire_progress', callId: CALL, ...progress })),
        {
          type: 'tool_end',
          callId: CALL,
          status: 'ok',
          summary: agreed.summary,
          retainedOutput: agreed.result,
          questionnaire: recordedOutcome(model.result!),
          // Where it was answered: the REPL's card (the intent API has no front end).
          answeredOn: 'the terminal',
        },
      ]);
    });
  },
);
