import { SessionWriter } from '@agent/session';
import { cliEnv, runCli, type Sandbox } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

/** A session file whose model asked `questions` under call `id`, the call left open (a crash). */
async function sessionAskingOpen(
  sandbox: Sandbox,
  id: string,
  questions: Array<{ question: string; options: string[] }>,
): Promise<SessionWriter> {
  const writer = await SessionWriter.create({
    agentHome: sandbox.agentHome,
    cwd: sandbox.workspace,
    provider: 'openai-chat',
    model: 'fake-model',
  });
  writer.recordUser('plan the service');
  writer.recordLoopEvent({
    type: 'assistant_message',
    message: {
      role: 'assistant',
      text: 'Questions first.',
      toolCalls: [{ id, name: 'ask_user', input: { questions }, status: 'pending', summary: '' }],
    },
  });
  return writer;
}

describe('headless --continue of a session that ended with a questionnaire open', () => {
  const cli = useCliHarness();

  it('closes the open ask_user call as interrupted, paired, says so on stderr, and runs the prompt', async () => {
    const writer = await sessionAskingOpen(cli.sandbox, 'call_open', [
      { question: 'Which database?', options: ['A', 'B'] },
    ]);
    await writer.close();
    const server = await cli.serve([{ text: 'Going on without an answer.' }]);
    cli.sandbox.write('prompt.txt', 'Carry on.');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--continue'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Going on without an answer.');
    expect(result.stderr).toContain(
      'Closed the questionnaire left open when the session ended as interrupted: nobody here answers it. The model is told so and may ask again.',
    );
    const messages: Array<Record<string, any>> = server.requests[0]!.body.messages;
    expect(server.requests[0]!.body.tools.map((t: any) => t.function.name)).not.toContain(
      'ask_user',
    );
    const paired = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_open');
    expect(String(paired?.content)).toMatch(/^interrupted/);
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: 'Carry on.' });
  });

  it('gives the model the answers saved before the crash, out-of-order ones too, as an interrupted result', async () => {
    const writer = await sessionAskingOpen(cli.sandbox, 'call_saved', [
      { question: 'Which database?', options: ['Postgres', 'SQLite'] },
      { question: 'Which API style?', options: ['REST', 'GraphQL'] },
      { question: 'Where should it deploy first?', options: ['eu-west', 'us-east'] },
    ]);
    // The person answered Q1, then Q3 through the strip, and the process died.
    await writer.recordQuestionnaireProgress('call_saved', {
      answers: ['Postgres'],
      custom: [false],
      later: [{ question: 2, answer: 'us-east', custom: false }],
    });
    await writer.close();
    const server = await cli.serve([{ text: 'Postgres in us-east, then.' }]);
    cli.sandbox.write('prompt.txt', 'Carry on.');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--continue'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const messages: Array<Record<string, any>> = server.requests[0]!.body.messages;
    const paired = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_saved');
    expect(paired?.content).toBe(
      '{"answers":["Postgres"],"also_answered":{"3":"us-east"},"cancelled":true,"interrupted":true}',
    );
  });
});
