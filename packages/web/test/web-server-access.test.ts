import http from 'node:http';
import { webBoxes } from './support/web-box';

/** One raw request (so the Host header can be anything), with its status, headers and body. */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

describe('the web server lets in only the page that has its token, at its own address', () => {
  const box = webBoxes('web-access');

  it('prints a loopback URL with a random token', async () => {
    const { web } = await box([]);
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
    const other = await box([]);
    expect(other.web.token).not.toBe(web.token);
  });

  it('refuses a request without the token, or with a wrong one, with 401 and says why', async () => {
    const { origin } = await box([]);
    for (const path of ['/', '/page.js', '/events', '/?token=wrong']) {
      const response = await request(`${origin}${path}`);
      expect([path, response.status]).toEqual([path, 401]);
      expect(response.body).toBe('This page needs its token: open the URL the agent printed.\n');
    }
    const bearer = await request(`${origin}/`, { headers: { authorization: 'Bearer nope' } });
    expect(bearer.status).toBe(401);
  });

  it('turns the first visit into an HttpOnly, SameSite=Strict cookie and drops the token from the address', async () => {
    const { web, origin } = await box([]);
    const first = await request(web.url);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = first.headers['set-cookie']![0]!;
    expect(cookie).toBe(`agent_token=${web.token}; HttpOnly; SameSite=Strict; Path=/`);
    const page = await request(`${origin}/`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<form id="prompt-form">');
    // No CORS, and the page runs only its own script.
    expect(Object.keys(page.headers).filter((name) => name.startsWith('access-control'))).toEqual(
      [],
    );
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The page needs nothing from elsewhere.
    expect(page.body).not.toMatch(/https?:\/\//);
  });

  it('answers only for the host it is bound to (no DNS rebinding), even with the token', async () => {
    const { web, origin } = await box([]);
    const { port } = new URL(origin);
    for (const host of ['evil.example', `evil.example:${port}`, `localhost:${port}`, '127.0.0.1']) {
      const response = await request(web.url, { headers: { host } });
      expect([host, response.status]).toEqual([host, 421]);
      expect(response.body).toBe(`This server answers only for the host 127.0.0.1:${port}.\n`);
    }
  });

  it('says what a bad operation is wrong with, in 4xx, and keeps serving', async () => {
    const { web, origin } = await box([]);
    const post = (body: string) =>
      request(`${origin}/operations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${web.token}`, 'content-type': 'application/json' },
        body,
      });
    const cases: Array<[string, number, string]> = [
      ['{not json', 400, 'The body is not JSON.\n'],
      ['[1,2]', 400, 'the body must be a JSON object with a "type"\n'],
      ['null', 400, 'the body must be a JSON object with a "type"\n'],
      [
        '{"type":"rm -rf"}',
        400,
        'unknown operation "rm -rf": the page sends prompt, steer, interrupt, resume, answer or progress\n',
      ],
      ['{"type":"prompt","text":7}', 400, 'a prompt needs a "text" string\n'],
      ['{"type":"prompt","text":"   "}', 409, 'the prompt is empty\n'],
      ['{"type":"steer","text":"faster"}', 409, 'no turn is running to steer\n'],
      [
        '{"type":"answer","id":"card-9","answer":{"kind":"approval","choice":"once"}}',
        409,
        'no card card-9 is waiting for an answer\n',
      ],
      [
        '{"type":"answer","id":"card-9","answer":{"kind":"form","outcome":{}}}',
        400,
        'a form answer needs an "outcome" with an "action": accept, decline or cancel\n',
      ],
      [
        '{"type":"answer","id":"card-9","answer":{"kind":"form","outcome":{"action":"accept","answers":[1]}}}',
        400,
        'an accepted form needs "answers": per field a string, a list of strings, or null\n',
      ],
      [
        '{"type":"answer","id":"card-9","answer":{"kind":"plan","decision":{"decision":"approve"}}}',
        400,
        'an approved plan needs a "mode": accept-edits or default\n',
      ],
      [
        '{"type":"answer","id":"card-9","answer":{"kind":"shell"}}',
        400,
        'the page answers approval, questionnaire, plan, form and url cards, not "shell"\n',
      ],
      ['{"type":"resume"}', 400, 'a resume needs the session\'s "id" string\n'],
      [
        '{"type":"resume","id":"../../etc/passwd"}',
        409,
        'no session ../../etc/passwd of this workspace\n',
      ],
      [
        '{"type":"answer","id":"card-9","answer":{"kind":"questionnaire","result":{"answers":[]}}}',
        400,
        'a questionnaire answer needs a "result" with "answers" and "cancelled"\n',
      ],
    ];
    for (const [body, status, reason] of cases) {
      expect([body, await post(body).then((r) => [r.status, r.body])]).toEqual([
        body,
        [status, reason],
      ]);
    }
    // fetch, which reads the early answer while it still sends the body.
    const big = await fetch(`${origin}/operations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${web.token}` },
      body: JSON.stringify({ type: 'prompt', text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect([big.status, await big.text()]).toEqual([413, 'The body is larger than 1 MiB.\n']);
    const missing = await request(`${origin}/nothing`, {
      headers: { authorization: `Bearer ${web.token}` },
    });
    expect([missing.status, missing.body]).toEqual([404, 'Nothing here: GET /nothing\n']);
  });
});
