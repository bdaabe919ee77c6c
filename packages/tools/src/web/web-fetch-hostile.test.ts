import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowAll, type ToolResult } from '@agent/tool-contract';
import { runningExtractions } from './extract-page';
import { webFetchTool } from './web-fetch';

/** Markup Readability takes minutes over (2,000 nested divs took 80 s), with text inside. */
const NESTED =
  '<!doctype html><html><head><title>Deep</title></head><body>' +
  '<div>'.repeat(3000) +
  '<p>deep paragraph text &amp; more</p>' +
  '</div>'.repeat(3000) +
  '</body></html>';

/** Over the extraction's size budget, and hostile to a naive tag scanner: `<` with no `>`. */
const HUGE =
  '<html><head><title>Huge</title><script>var x = "<p>not text</p>";</script></head><body>' +
  '<div><span>'.repeat(60_000) +
  '<p>the huge page marker</p>' +
  '< '.repeat(300_000) +
  '</body></html>';

const LATIN1 =
  '<html><head><title>Menu</title></head><body><article><h1>Menu du jour</h1>' +
  '<p>Café crème, tarte à la rhubarbe et soupe à l’oignon gratinée : ' +
  'le déjeuner est servi de midi à quatorze heures, réservation conseillée.</p>' +
  '<p>Les desserts changent chaque semaine selon la saison et le marché.</p></article></body></html>';

/** "Привет, мир" in windows-1251. */
const CP1251_GREETING = Buffer.from([
  0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x20, 0xec, 0xe8, 0xf0,
]);

describe('web_fetch against hostile pages', () => {
  let site: http.Server;
  let admin: http.Server;
  let base = '';
  let adminPort = 0;
  let adminHits = 0;
  const started = new Set<string>();

  beforeAll(async () => {
    admin = http.createServer((_req, res) => {
      adminHits++;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('admin secret: the root password');
    });
    admin.listen(0, '127.0.0.1');
    await once(admin, 'listening');
    adminPort = (admin.address() as AddressInfo).port;
    site = http.createServer((req, res) => {
      started.add(req.url ?? '');
      const html = (body: string | Buffer, type = 'text/html') => {
        res.writeHead(200, { 'content-type': type });
        res.end(body);
      };
      switch (req.url) {
        case '/nested':
          return html(NESTED);
        case '/huge':
          return html(HUGE);
        case '/to-localhost':
          res.writeHead(302, { location: `http://localhost:${adminPort}/admin` });
          return res.end();
        case '/to-other-port':
          res.writeHead(301, { location: `http://127.0.0.1:${adminPort}/admin` });
          return res.end();
        case '/same-host':
          res.writeHead(302, { location: '/latin1' });
          return res.end();
        case '/latin1':
          return html(Buffer.from(LATIN1, 'latin1'), 'text/html; charset=ISO-8859-1');
        case '/latin1-http-equiv':
          return html(
            Buffer.from(
              LATIN1.replace(
                '<head>',
                '<head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">',
              ),
              'latin1',
            ),
          );
        case '/cp1251-meta':
          return html(
            Buffer.concat([
              Buffer.from('<html><head><meta charset="windows-1251"></head><body><p>'),
              CP1251_GREETING,
              Buffer.from('</p></body></html>'),
            ]),
          );
        case '/latin1.txt':
          return html(Buffer.from('Grüße aus Köln\n', 'latin1'), 'text/plain; charset=latin1');
        case '/unknown-charset':
          return html(
            '<html><body><p>naïve text</p></body></html>',
            'text/html; charset=x-klingon',
          );
        default:
          res.writeHead(404);
          return res.end();
      }
    });
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const server of [site, admin]) {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    }
  });

  async function fetchUrl(
    url: string,
    options: Parameters<typeof webFetchTool>[0] = {},
    signal = new AbortController().signal,
  ): Promise<ToolResult> {
    return webFetchTool(options).execute(
      { url },
      { signal, workspaceRoot: '/', toolCallId: 'w1', person: allowAll },
    );
  }

  describe('extraction off the event loop, within budgets', () => {
    it('falls back to the plain text of a page Readability does not finish in time', async () => {
      const result = await fetchUrl(`${base}/nested`, { extractTimeoutMs: 1000 });
      expect(result.output).toContain('deep paragraph text & more');
      expect(result.output).toContain(
        "[the article could not be picked out within 1 s: this is the page's plain text]",
      );
      expect(result.output).toMatch(/^# Deep/);
      expect(runningExtractions()).toBe(0);
    });

    it('gives a page over the size budget the plain-text path, linear in its markup', async () => {
      expect(HUGE.length).toBeGreaterThan(1024 * 1024);
      const result = await fetchUrl(`${base}/huge`);
      expect(result.output).toContain('the huge page marker');
      expect(result.output).not.toContain('not text');
      expect(result.output).toContain('the page is too large to pick its article out');
      expect(result.output).toMatch(/^# Huge/);
    });

    it('ends at once on an interrupt mid-extraction, and leaves no worker running', async () => {
      const controller = new AbortController();
      const pending = fetchUrl(`${base}/nested`, { extractTimeoutMs: 600_000 }, controller.signal);
      while (runningExtractions() === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort();
      await expect(pending).rejects.toThrow(/interrupted/);
      expect(runningExtractions()).toBe(0);
    });
  });

  describe('redirects', () => {
    it('reports a redirect to another host to the model and does not follow it', async () => {
      const result = await fetchUrl(`${base}/to-localhost`);
      expect(result.output).toContain(`redirects to http://localhost:${adminPort}/admin`);
      expect(result.output).toContain('not followed');
      expect(result.output).not.toContain('admin secret');
      expect(adminHits).toBe(0);
    });

    it('treats another port on the same address as another host', async () => {
      const result = await fetchUrl(`${base}/to-other-port`);
      expect(result.output).toContain(`redirects to http://127.0.0.1:${adminPort}/admin`);
      expect(result.output).not.toContain('admin secret');
      expect(adminHits).toBe(0);
    });

    it('still follows a redirect on the same host', async () => {
      const result = await fetchUrl(`${base}/same-host`);
      expect(result.output).toContain(`URL: ${base}/latin1 (HTTP 200)`);
      expect(result.output).toContain('Café crème');
    });
  });

  describe('charsets', () => {
    it('decodes a page by the charset of its Content-Type header, and says so', async () => {
      const result = await fetchUrl(`${base}/latin1`);
      expect(result.output).toContain('Café crème, tarte à la rhubarbe');
      expect(result.output).toContain(
        'charset: windows-1252 (declared as ISO-8859-1), from the Content-Type header',
      );
    });

    it('reads the charset of a <meta http-equiv> or <meta charset> tag', async () => {
      const equiv = await fetchUrl(`${base}/latin1-http-equiv`);
      expect(equiv.output).toContain('Café crème');
      expect(equiv.output).toContain('from the page’s <meta> tag');
      const meta = await fetchUrl(`${base}/cp1251-meta`);
      expect(meta.output).toContain('Привет, мир');
      expect(meta.output).toContain('charset: windows-1251, from the page’s <meta> tag');
    });

    it('decodes plain text by its charset too', async () => {
      const result = await fetchUrl(`${base}/latin1.txt`);
      expect(result.output).toContain('Grüße aus Köln');
    });

    it('falls back to UTF-8 for a charset it does not know, and says so', async () => {
      const result = await fetchUrl(`${base}/unknown-charset`);
      expect(result.output).toContain('naïve text');
      expect(result.output).toContain(
        'charset "x-klingon" (from the Content-Type header) is unknown: decoded as utf-8',
      );
    });
  });
});
