import fs from 'node:fs';
import { DecisionBook } from '@agent/runtime';
import { cliEnv, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

// Issue 36 item 11 (ASK_USER.md §10): the decisions the person kept reach every front end's
// system prompt, headless included, and are gone once revoked.

jest.setTimeout(60_000);

describe('headless: kept decisions', () => {
  const cli = useCliHarness();

  async function firstSystemPrompt(): Promise<string> {
    const server = await cli.serve([{ text: 'Noted.' }]);
    cli.sandbox.write('prompt.txt', 'Set up the service.');
    const result = await startCli(
      ['prompt.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    ).done;
    expect(result.code).toBe(0);
    const messages: Array<Record<string, any>> = server.requests[0]?.body.messages ?? [];
    return String(messages.find((m) => m.role === 'system')?.content);
  }

  it("a kept decision is in a new run's first request, with the rule not to ask again, and gone after it is revoked", async () => {
    const project = fs.realpathSync(cli.sandbox.workspace);
    const book = new DecisionBook(cli.sandbox.agentHome, project);
    book.keep(
      [{ question: 'Which database should the service use?', answer: 'Postgres ' }],
      'project',
      'earlier',
    );
    book.keep(
      [{ question: 'Which checks should CI run?', answer: ['Lint', 'Tests'] }],
      'global',
      'earlier',
    );
    // A decision of another project does not apply here.
    new DecisionBook(cli.sandbox.agentHome, '/elsewhere').keep(
      [{ question: 'Which region?', answer: 'eu-west' }],
      'project',
      'earlier',
    );

    const system = await firstSystemPrompt();
    expect(system).toContain('do not ask these questions again');
    expect(system).toContain(
      '- "Which database should the service use?" → "Postgres " (this project, decided ',
    );
    expect(system).toContain(
      '- "Which checks should CI run?" → ["Lint","Tests"] (every project, decided ',
    );
    expect(system).not.toContain('Which region?');

    book.revoke(book.list().find((d) => d.question.startsWith('Which database'))!.id);
    const after = await firstSystemPrompt();
    expect(after).not.toContain('Which database should the service use?');
    expect(after).toContain('Which checks should CI run?');
  });

  it('a corrupt decisions file is reported and the run goes on', async () => {
    fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
    fs.writeFileSync(`${cli.sandbox.agentHome}/decisions.json`, '{ not json');
    const server = await cli.serve([{ text: 'Noted.' }]);
    cli.sandbox.write('prompt.txt', 'Hello');
    const result = await startCli(
      ['prompt.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    ).done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('decisions.json: not a decisions file');
    expect(fs.readFileSync(`${cli.sandbox.agentHome}/decisions.json`, 'utf8')).toBe('{ not json');
  });
});
