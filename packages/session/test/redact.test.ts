import { promises as fs } from 'node:fs';
import { loadSession, redactSecrets, SessionWriter } from '../src';
import { tempAgentHome } from './helpers';

const OPENAI_KEY = 'sk-proj-Abc123Def456Ghi789Jkl012Mno345';
const ANTHROPIC_KEY = 'sk-ant-api03-AAAABBBBCCCCDDDDEEEEFFFF-gggg';
const AWS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const GOOGLE_KEY = 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('redactSecrets', () => {
  it.each([
    [`export OPENAI_API_KEY=${OPENAI_KEY}`, 'export OPENAI_API_KEY=[REDACTED]'],
    [`key ${ANTHROPIC_KEY} here`, 'key [REDACTED] here'],
    [`aws_access_key_id = ${AWS_KEY}`, 'aws_access_key_id = [REDACTED]'],
    [`GET /v1beta/models?key=${GOOGLE_KEY}`, 'GET /v1beta/models?key=[REDACTED]'],
    [`gemini ${GOOGLE_KEY}`, 'gemini [REDACTED]'],
    [
      `curl -H "Authorization: Bearer ${BEARER}" https://x`,
      'curl -H "Authorization: Bearer [REDACTED]" https://x',
    ],
    [`authorization: Basic dXNlcjpwYXNz`, 'authorization: [REDACTED]'],
    [
      `Authorization: Bearer ${BEARER} and url https://x.com/?token=supersecret123`,
      'Authorization: Bearer [REDACTED] and url https://x.com/?token=[REDACTED]',
    ],
    [`{"Authorization":"token abc123456"}`, '{"Authorization":"[REDACTED]"}'],
    ['Authorization: x7Qm2-LpZ9w4Ra', 'Authorization: [REDACTED]'],
    ['Authorization: abc-123def456', 'Authorization: [REDACTED]'],
    [`sent with bearer ${BEARER}.`, 'sent with bearer [REDACTED].'],
    [
      'https://api.example.com/x?user=1&access_token=abc.def-123&page=2',
      'https://api.example.com/x?user=1&access_token=[REDACTED]&page=2',
    ],
    [
      'https://api.example.com/x?api_key=abcdef#top',
      'https://api.example.com/x?api_key=[REDACTED]#top',
    ],
    [
      'git clone https://alice:hunter2@github.com/a/b.git',
      'git clone https://alice:[REDACTED]@github.com/a/b.git',
    ],
    ['postgres://svc:pw@db:5432/app', 'postgres://svc:[REDACTED]@db:5432/app'],
    [
      'https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com',
      'https://[REDACTED]@github.com',
    ],
    ['x-api-key: abcdef0123456789', 'x-api-key: [REDACTED]'],
    [
      'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'AWS_SECRET_ACCESS_KEY=[REDACTED]',
    ],
  ])('%s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it.each([
    'Use the sk- prefix check in keys.ts',
    'const authorization = req.headers.authorization;',
    'set MAX_TOKENS=4096 and retry',
    'see https://example.com/docs?page=2&lang=en',
    'git@github.com:owner/repo.git',
    'The bearer of bad news.',
    'Authorization: role-based or attribute-based?',
    'Which Authorization: OAuth2-based or SAML?',
    'Authorization: SHA256-signed-requests only',
    'Use bearer authentication-everywhere for the API',
    'const SECRET = process.env.SERVICE_SECRET;',
    'API_KEY = os.environ.get(name)',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('secrets never reach the session file', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  it('redacts every string field of every event', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'openai-chat',
      model: 'gpt',
      title: `debug ${OPENAI_KEY}`,
    });
    writer.recordUser(`my key is ${ANTHROPIC_KEY}, use it`);
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: {
        role: 'assistant',
        text: `Calling with ${AWS_KEY}`,
        toolCalls: [
          {
            id: 'c1',
            name: 'run_shell',
            input: {
              command: `curl -H 'Authorization: Bearer ${BEARER}' 'https://h/?token=${BEARER}'`,
              env: [GOOGLE_KEY],
            },
            status: 'pending',
            summary: `curl https://u:${BEARER}@h`,
          },
        ],
      },
    });
    writer.recordLoopEvent({
      type: 'tool_end',
      activity: {
        id: 'c1',
        name: 'run_shell',
        input: {},
        status: 'ok',
        summary: `done ${OPENAI_KEY}`,
        output: `raw output ${ANTHROPIC_KEY}`,
        retainedOutput: `{"answers":["${OPENAI_KEY}"],"cancelled":false}`,
      },
      result: { output: `raw output ${ANTHROPIC_KEY}` },
    });
    writer.recordCheckpoint(`summary mentions ${GOOGLE_KEY}`);
    await writer.close();

    const text = await fs.readFile(writer.path, 'utf8');
    for (const secret of [OPENAI_KEY, ANTHROPIC_KEY, AWS_KEY, GOOGLE_KEY, BEARER, 'raw output']) {
      expect(text).not.toContain(secret);
    }
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.events[1]).toMatchObject({ type: 'user', text: 'my key is [REDACTED], use it' });
    expect(loaded.events[3]).toMatchObject({
      retainedOutput: '{"answers":["[REDACTED]"],"cancelled":false}',
    });
  });
});
