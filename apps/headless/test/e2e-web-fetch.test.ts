import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const PAGE =
  '<!doctype html><html><head><title>Changelog</title></head><body><nav>Home · Blog</nav>' +
  '<article><h1>Changelog</h1><p>Version <strong>3.1</strong> fixes the <code>--watch</code> ' +
  'flag on large trees and makes the first build faster; nothing else changed in this ' +
  'release, so upgrading from 3.0 needs no change to your configuration.</p></article></body></html>';

/** The text of the tool result the model was sent for call `id` in request `index`. */
function toolResult(server: FakeServer, index: number, id: string): string {
  const messages: Array<Record<string, unknown>> = server.requests[index]!.body.messages;
  return String(messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content);
}

describe('headless web_fetch', () => {
  const cli = useCliHarness();
  let site: http.Server;
  let pageUrl = '';
  let hits = 0;

  beforeAll(async () => {
    site = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PAGE);
    });
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/changelog`;
  });
  afterAll(async () => {
    site.close();
    await once(site, 'close');
  });
  beforeEach(() => {
    hits = 0;
  });

  const turns = (): ScriptedTurn[] => [
    { toolCalls: [{ id: 'f1', name: 'web_fetch', arguments: { url: pageUrl } }] },
    { text: 'Read it.' },
  ];

  it('is refused without --yes or an allow rule, and the page is never requested', async () => {
    const server = await cli.serve(turns());
    cli.sandbox.write('prompt.txt', 'What changed?');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(toolResult(server, 1, 'f1')).toMatch(/headless run.*web_fetch.*re-run with --yes/);
    expect(hits).toBe(0);
  });

  it('runs with --yes and returns the article as Markdown', async () => {
    const server = await cli.serve(turns());
    cli.sandbox.write('prompt.txt', 'What changed?');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--yes'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const text = toolResult(server, 1, 'f1');
    expect(text).toContain('Version **3.1** fixes the `--watch` flag');
    expect(text).not.toContain('Home · Blog');
    expect(hits).toBe(1);
  });

  it('runs with an allow rule naming the host', async () => {
    const server = await cli.serve(turns());
    cli.sandbox.write('prompt.txt', 'What changed?');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--allow', 'web_fetch(127.0.0.1)'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(toolResult(server, 1, 'f1')).toContain('# Changelog');
    expect(hits).toBe(1);
  });
});
