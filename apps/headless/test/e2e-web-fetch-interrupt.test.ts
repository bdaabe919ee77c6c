import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cliEnv, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

/** Markup Readability takes minutes over (2,000 nested divs: 80 s on the event loop before). */
const NESTED =
  '<!doctype html><html><head><title>Deep</title></head><body>' +
  '<div>'.repeat(3000) +
  '<p>deep text</p>' +
  '</div>'.repeat(3000) +
  '</body></html>';

describe('headless web_fetch of a hostile page', () => {
  const cli = useCliHarness();
  let site: http.Server;
  let pageUrl = '';
  let served: Promise<void> = Promise.resolve();
  let markServed: () => void = () => undefined;

  beforeAll(async () => {
    site = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(NESTED, () => markServed());
    });
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/deep`;
  });
  afterAll(async () => {
    site.closeAllConnections();
    site.close();
    await once(site, 'close');
  });

  it('exits 130 at once on SIGINT while the page is being extracted', async () => {
    served = new Promise((resolve) => (markServed = resolve));
    const server = await cli.serve([
      { toolCalls: [{ id: 'f1', name: 'web_fetch', arguments: { url: pageUrl } }] },
      { text: 'Read it.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Read the page.');
    const run = startCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--yes'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    await served;
    const sent = performance.now();
    run.child.kill('SIGINT');
    const [code] = (await once(run.child, 'exit')) as [number | null];
    const elapsed = performance.now() - sent;
    expect(code).toBe(130);
    // About a second on a quiet machine; before, Readability held the event loop for minutes,
    // and an interrupt that only waited for the extraction's budget would take 10 s. The margin
    // is for a loaded 2-core machine.
    expect(elapsed).toBeLessThan(6000);
    await run.done;
  });
});
