import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decideByRules } from '../permission-rules';
import { allowAll, ToolError, type ToolResult } from '@agent/tool-contract';
import { webFetchTool } from './web-fetch';

const ARTICLE = `<!doctype html><html><head><title>Release notes</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/pricing">Pricing</a></nav>
<article>
  <h1>Release notes for 2.0</h1>
  <p>This release makes the <strong>parser</strong> twice as fast and adds a <code>--watch</code> flag.
  Read the <a href="/docs/watch">watch guide</a> for the details of how files are watched.</p>
  <p>The old configuration format still loads, with a warning that names each setting that moved,
  so nothing breaks when you upgrade; the new format is documented in the reference.</p>
  <pre><code>npm install tool@2.0</code></pre>
  <ul><li>Faster parsing of large files</li><li>A new watch mode</li></ul>
</article>
<footer>Copyright 2026 · Cookie settings</footer>
<script>trackEverything()</script>
</body></html>`;

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

describe('web_fetch against a loopback server', () => {
  let server: http.Server;
  let base: string;
  const seen: Seen[] = [];
  /** Resolves when the server sees the client close the connection of `path`. */
  const closed = new Map<string, Promise<void>>();
  let hugeBytesWritten = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      closed.set(
        req.url ?? '',
        once(res, 'close').then(() => undefined),
      );
      switch (req.url) {
        case '/article':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(ARTICLE);
        case '/old':
          res.writeHead(302, { location: '/article', 'set-cookie': 'session=secret' });
          return res.end();
        case '/loop':
          res.writeHead(301, { location: '/loop' });
          return res.end();
        case '/to-file':
          res.writeHead(302, { location: 'file:///etc/passwd' });
          return res.end();
        case '/huge': {
          res.writeHead(200, { 'content-type': 'text/plain' });
          const chunk = 'x'.repeat(64 * 1024) + '\n';
          const pump = () => {
            while (hugeBytesWritten < 50 * 1024 * 1024) {
              hugeBytesWritten += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end();
          };
          res.on('close', () => res.removeAllListeners('drain'));
          return pump();
        }
        case '/slow':
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.write('<html><body><p>first part');
        case '/image.png':
          res.writeHead(200, { 'content-type': 'image/png' });
          return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
        case '/untyped':
          res.removeHeader('content-type');
          res.writeHead(200);
          return res.end(Buffer.from([1, 2, 0, 3]));
        case '/notes.txt':
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end('plain __init__ text\n');
        default:
          res.writeHead(404, { 'content-type': 'text/html' });
          return res.end('<html><body><h1>Not found</h1></body></html>');
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });
  beforeEach(() => {
    seen.length = 0;
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

  it("returns an HTML page's article as Markdown, without its navigation, footer or scripts", async () => {
    const result = await fetchUrl(`${base}/article`);
    expect(result.isError).toBeUndefined();
    expect(result.output).toMatch(/^# Release notes/);
    expect(result.output).toContain(`URL: ${base}/article (HTTP 200)`);
    expect(result.output).toContain('makes the **parser** twice as fast and adds a `--watch` flag');
    expect(result.output).toContain('[watch guide]');
    expect(result.output).toContain('```\nnpm install tool@2.0\n```');
    expect(result.output).toMatch(/^- +Faster parsing of large files$/m);
    expect(result.output).not.toContain('Pricing');
    expect(result.output).not.toContain('Cookie settings');
    expect(result.output).not.toContain('trackEverything');
    expect(result.summary).toMatch(/^fetched .*\/article: HTTP 200, \d+ characters$/);
  });

  it('returns plain text as it is', async () => {
    const result = await fetchUrl(`${base}/notes.txt`);
    expect(result.output).toContain('plain __init__ text');
  });

  it('follows a redirect, sends no cookie it was given, and names where the page came from', async () => {
    const result = await fetchUrl(`${base}/old`);
    expect(result.output).toContain(`URL: ${base}/article (HTTP 200)`);
    expect(seen.map((s) => s.url)).toEqual(['/old', '/article']);
    expect(seen[1]!.headers.cookie).toBeUndefined();
  });

  it('never sends credentials written in the URL', async () => {
    const withUser = base.replace('http://', 'http://someone:hunter2@');
    const result = await fetchUrl(`${withUser}/article`);
    expect(result.output).toContain(`URL: ${base}/article`);
    expect(result.output).not.toContain('hunter2');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers.cookie).toBeUndefined();
  });

  it('stops after too many redirects, and never follows one to another scheme', async () => {
    await expect(fetchUrl(`${base}/loop`, { maxRedirects: 3 })).rejects.toThrow(
      /Too many redirects \(more than 3\)/,
    );
    expect(seen).toHaveLength(4);
    await expect(fetchUrl(`${base}/to-file`)).rejects.toThrow(/Only http and https URLs/);
  });

  it('reads a huge page only up to its size bound and closes the connection', async () => {
    const result = await fetchUrl(`${base}/huge`, { maxBytes: 256 * 1024 });
    expect(result.output).toContain('[only the first 262144 bytes of the page were read');
    expect(result.output).toContain('the text was cut at 60000 characters');
    await closed.get('/huge');
    expect(hugeBytesWritten).toBeLessThan(50 * 1024 * 1024);
  });

  it('gives up on a page that never finishes, within its timeout, and on an interrupt at once', async () => {
    await expect(fetchUrl(`${base}/slow`, { timeoutMs: 300 })).rejects.toThrow(
      /did not answer within 0.3 s/,
    );
    await closed.get('/slow');
    const controller = new AbortController();
    const pending = fetchUrl(`${base}/slow`, {}, controller.signal);
    while (!closed.has('/slow') || seen.length < 2) await new Promise((r) => setImmediate(r));
    controller.abort();
    await expect(pending).rejects.toThrow(/interrupted/);
  });

  it('refuses binary content', async () => {
    await expect(fetchUrl(`${base}/image.png`)).rejects.toThrow(/image\/png, not a text page/);
    await expect(fetchUrl(`${base}/untyped`)).rejects.toThrow(/looks binary/);
  });

  it('marks an HTTP error status as an error result, with the page text', async () => {
    const result = await fetchUrl(`${base}/missing`);
    expect(result.isError).toBe(true);
    expect(result.output).toContain('(HTTP 404)');
    expect(result.output).toContain('Not found');
  });

  it('refuses what is not an http(s) URL with an error the model can act on', async () => {
    await expect(fetchUrl('not a url')).rejects.toThrow(ToolError);
    await expect(fetchUrl('ftp://example.com/x')).rejects.toThrow(/Only http and https/);
  });
});

describe('web_fetch permissions', () => {
  const request = (url: string) => {
    const tool = webFetchTool();
    const subject = tool.ruleSubject!({ url });
    return {
      toolCallId: 'w1',
      toolName: 'web_fetch',
      permission: tool.permission as 'network',
      title: tool.describe!({ url }),
      input: { url },
      subject: subject.value,
      subjectKind: subject.kind,
    };
  };

  it('has its own class, and its rules name hosts', async () => {
    expect(webFetchTool().permission).toBe('network');
    const allow = [{ action: 'allow' as const, text: 'web_fetch(docs.example.com)', source: '' }];
    expect((await decideByRules(allow, request('https://docs.example.com/a'))).action).toBe(
      'allow',
    );
    expect((await decideByRules(allow, request('https://evil.example.net/a'))).action).toBe('ask');
    const wildcard = [{ action: 'allow' as const, text: 'web_fetch(*.example.com)', source: '' }];
    expect((await decideByRules(wildcard, request('https://api.example.com/x'))).action).toBe(
      'allow',
    );
  });
});
