import { startOpenAIChatServer, type RecordedRequest } from '@agent/testkit';
import { answerAtOnce, defineTool } from '@agent/tools';
import { z } from 'zod/v4';
import { sessionBox, boxSession } from './support/session-box';

const SECTION = '# Asking the oracle\n\nCall `oracle` only when the notes do not say.';

/** A tool that carries its own system-prompt section, as ask_user does. */
const oracle = defineTool({
  name: 'oracle',
  description: 'Answers a question.',
  inputSchema: z.object({ question: z.string() }),
  permission: 'read',
  promptSection: SECTION,
  execute: async () => ({ output: '42' }),
});

function systemOf(request: RecordedRequest): string {
  return request.body.messages[0].content as string;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** A tool registered through the runtime brings its prompt section into the system prompt. */
describe('a tool with its own prompt section', () => {
  const box = sessionBox('tool-section');
  const person = answerAtOnce({ approval: () => ({ kind: 'allow' }) });

  it.each([
    { given: 'registered alone', promptSections: [] },
    { given: 'also passed as a prompt section', promptSections: [SECTION] },
  ])('is in the first request once when $given', async ({ promptSections }) => {
    box.server = await startOpenAIChatServer([{ text: 'hi' }]);
    const session = await boxSession(box, { person, extraTools: [oracle], promptSections });
    try {
      expect((await session.runTurn('hello')).reason).toBe('done');
      const system = systemOf(box.server.requests[0]!);
      expect(occurrences(system, SECTION)).toBe(1);
      expect(session.system).toBe(system);
    } finally {
      await session.close();
    }
  });

  it('is absent when the tool is not registered', async () => {
    box.server = await startOpenAIChatServer([{ text: 'hi' }]);
    const session = await boxSession(box, { person });
    try {
      await session.runTurn('hello');
      expect(systemOf(box.server.requests[0]!)).not.toContain('Asking the oracle');
    } finally {
      await session.close();
    }
  });
});
