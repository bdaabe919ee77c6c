import fs from 'node:fs';
import path from 'node:path';
import { hostileMcpStdio } from '@agent/testkit';
import { cliEnv, runCli, sessionEvents } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

function writeServers(agentHome: string, servers: Record<string, unknown>): void {
  fs.mkdirSync(agentHome, { recursive: true });
  fs.writeFileSync(path.join(agentHome, 'config.json'), JSON.stringify({ mcpServers: servers }));
}

type Body = Record<string, any>;

function toolOf(body: Body, name: string): Body | undefined {
  return (body.tools ?? []).find((tool: Body) => tool.function.name === name);
}

function toolResults(body: Body): string[] {
  return body.messages
    .filter((m: { role: string }) => m.role === 'tool')
    .map((m: { content: unknown }) => String(m.content));
}

describe('headless with MCP servers that misbehave', () => {
  const cli = useCliHarness();

  it('a result line over 10 MiB is an error for that call; the run goes on and ends well', async () => {
    const { sandbox } = cli;
    writeServers(sandbox.agentHome, { hostile: hostileMcpStdio('huge-result') });
    const fake = await cli.serve([
      { toolCalls: [{ id: 'call_flood', name: 'mcp__hostile__flood', arguments: {} }] },
      { text: 'The server sent too much.' },
    ]);
    sandbox.write('prompt.txt', 'Flood me');
    const result = await runCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.stderr).not.toMatch(/ReadBuffer|Uncaught|at .*\.js:\d+/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The server sent too much.');
    expect(toolResults(fake.requests[1]!.body).join('\n')).toMatch(
      /hostile\/flood failed: the server sent a line larger than 10 MiB/,
    );
    const events = sessionEvents(sandbox.sessionFiles()[0]!);
    expect(events.find((event) => event.type === 'tool_end')).toMatchObject({
      callId: 'call_flood',
      status: 'error',
    });
    expect(events.at(-1)).toMatchObject({ type: 'assistant' });
  });

  it('a schema of $refs that multiply at every level is offered bounded, and the tool works', async () => {
    const { sandbox } = cli;
    writeServers(sandbox.agentHome, { hostile: hostileMcpStdio('recursive-ref') });
    const fake = await cli.serve([
      {
        toolCalls: [
          { id: 'call_n', name: 'mcp__hostile__nested', arguments: { root: { p0: {} } } },
        ],
      },
      { text: 'Nested done.' },
    ]);
    sandbox.write('prompt.txt', 'Go deep');
    const result = await runCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Nested done.');
    const nested = toolOf(fake.requests[0]!.body, 'mcp__hostile__nested');
    expect(nested).toBeDefined();
    expect(JSON.stringify(nested).length).toBeLessThan(100_000);
    expect(JSON.stringify(fake.requests[0]!.body).length).toBeLessThan(200_000);
    expect(toolResults(fake.requests[1]!.body)).toEqual(['pong']);
  });
});

describe('headless with a server that exits right after initialize', () => {
  const cli = useCliHarness();

  it('says so, answers without that server, releases the lock and saves the session', async () => {
    const { sandbox } = cli;
    writeServers(sandbox.agentHome, { quitter: hostileMcpStdio('exit-after-init') });
    const fake = await cli.serve([{ text: 'Answered without it.' }]);
    sandbox.write('prompt.txt', 'Hello');
    const result = await runCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Answered without it.');
    expect(result.stderr).toContain(
      'MCP server quitter failed to start: the server process exited while starting (exit status 0)',
    );
    expect(fake.requests).toHaveLength(1);
    const events = sessionEvents(sandbox.sessionFiles().find((f) => f.endsWith('.jsonl'))!);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['session_start', 'user', 'assistant']),
    );
    const leftovers = fs.readdirSync(path.join(sandbox.agentHome, 'sessions'));
    expect(leftovers.filter((name) => !name.endsWith('.jsonl'))).toEqual([]);
  });
});
