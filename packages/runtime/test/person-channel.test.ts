import { startOpenAIChatServer } from '@agent/testkit';
import { allowAll, askPerson, defineTool, ManualPerson } from '@agent/tools';
import { z } from 'zod';
import { AgentSession } from '../src';
import { fakeChoice, sessionBox } from './support/session-box';

/** An interactive tool of the library caller's own that asks one question through the channel. */
const pickTool = defineTool({
  name: 'pick',
  description: 'asks the person to pick',
  inputSchema: z.object({ question: z.string(), options: z.array(z.string()) }),
  permission: 'read',
  interactive: true,
  async execute(input, ctx) {
    const result = await askPerson(
      ctx.person,
      'questionnaire',
      { questionnaire: { questions: [input] } },
      { signal: ctx.signal, toolCallId: ctx.toolCallId },
    );
    return { output: JSON.stringify(result) };
  },
});

describe('AgentSession: the person channel', () => {
  const box = sessionBox('person');

  it('asks a library caller questions through its own channel, with the default budget', async () => {
    box.server = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 'call_pick', name: 'pick', arguments: { question: 'Which?', options: ['a', 'b'] } },
        ],
      },
      { text: 'Picked.' },
    ]);
    const person = new ManualPerson();
    person.onShow((request) => {
      if (request.kind === 'questionnaire') {
        setImmediate(() => person.answer({ answers: ['b'], cancelled: false }, request.id));
      }
    });
    const session = await AgentSession.create({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(box.server.url, box.home),
      person,
      extraTools: [pickTool],
      onEvent: (event) => box.events.push(event),
    });
    try {
      expect(session.maxInteractive).toBe(3);
      expect((await session.runTurn('help me choose')).reason).toBe('done');
      const tool = (box.server.requests[1]!.body.messages as Array<Record<string, unknown>>).find(
        (message) => message.role === 'tool',
      );
      expect(tool?.content).toBe('{"answers":["b"],"cancelled":false}');
    } finally {
      await session.close();
    }
  });

  it('asks nothing where the channel answers no questionnaires', async () => {
    const session = await AgentSession.create({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice('http://127.0.0.1:9', box.home),
      person: allowAll,
      extraTools: [pickTool],
      onEvent: (event) => box.events.push(event),
    });
    expect(session.maxInteractive).toBe(0);
    await session.close();
  });
});
