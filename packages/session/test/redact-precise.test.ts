import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import type { ToolActivity } from '@agent/llm';
import { summarizeQuestionnaire, type Questionnaire } from '@agent/tool-contract';
import { CREDENTIAL_ENV_VARS, loadSession, redactSecrets, SessionWriter } from '../src';
import { tempAgentHome } from './helpers';

// Shapes only: none of these is a real credential.
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const PEM_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj';
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const STRIPE = `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`;
const NPM = `npm_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`;
const HF = `hf_${'AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh'}`;
const SLACK_HOOK_PATH = 'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';

describe('redaction removes every secret shape the probes leaked', () => {
  it.each([
    ['aws_secret_access_key = ' + AWS_SECRET, AWS_SECRET, 'aws_secret_access_key = [REDACTED]'],
    [`AKIAIOSFODNN7EXAMPLE,${AWS_SECRET}`, AWS_SECRET, '[REDACTED],[REDACTED]'],
    [
      `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n-----END PRIVATE KEY-----`,
      PEM_BODY,
      '-----BEGIN PRIVATE KEY-----[REDACTED]-----END PRIVATE KEY-----',
    ],
    [
      `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}`,
      PEM_BODY,
      '-----BEGIN RSA PRIVATE KEY-----[REDACTED]',
    ],
    [`token ${JWT} ok`, JWT, 'token [REDACTED] ok'],
    [`STRIPE=${STRIPE}`, STRIPE, 'STRIPE=[REDACTED]'],
    [`//registry.npmjs.org/:_authToken=${NPM}`, NPM, '//registry.npmjs.org/:_authToken=[REDACTED]'],
    [`login ${HF}`, HF, 'login [REDACTED]'],
    ['{"password": "hunter2!"}', 'hunter2!', '{"password": "[REDACTED]"}'],
    ['{"password": "a\\"b"}', 'a\\"b', '{"password": "[REDACTED]"}'],
    ['db_password=s3cr3t-value', 's3cr3t-value', 'db_password=[REDACTED]'],
    ['DB_PASSWORD=correcthorse', 'correcthorse', 'DB_PASSWORD=[REDACTED]'],
    [
      `"private_key": "-----BEGIN PRIVATE KEY-----\\n${PEM_BODY}\\n-----END PRIVATE KEY-----\\n"`,
      PEM_BODY,
      '"private_key": "[REDACTED]"',
    ],
    [
      `https://hooks.slack.com/services/${SLACK_HOOK_PATH}`,
      SLACK_HOOK_PATH,
      'https://hooks.slack.com/services/[REDACTED]',
    ],
    [
      'postgres://app:Tr0ub4dor@db.internal:5432/orders',
      'Tr0ub4dor',
      'postgres://app:[REDACTED]@db.internal:5432/orders',
    ],
    ['Authorization: Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz', 'Authorization: [REDACTED]'],
  ])('%s', (input, secret, expected) => {
    const out = redactSecrets(input);
    expect(out).not.toContain(secret);
    expect(out).toBe(expected);
  });

  it('redacts the credential values this process holds, in any format', () => {
    const held = 'plain-looking-value-without-any-prefix';
    const saved = process.env.AWS_SESSION_TOKEN;
    process.env.AWS_SESSION_TOKEN = held;
    try {
      expect(CREDENTIAL_ENV_VARS).toContain('AWS_SESSION_TOKEN');
      expect(redactSecrets(`the token is ${held}.`)).toBe('the token is [REDACTED].');
    } finally {
      if (saved === undefined) delete process.env.AWS_SESSION_TOKEN;
      else process.env.AWS_SESSION_TOKEN = saved;
    }
    // Too short to be a secret (a test's OPENAI_API_KEY=test): never redacted as text.
    process.env.OPENAI_API_KEY = 'test';
    try {
      expect(redactSecrets('a test of the test')).toBe('a test of the test');
    } finally {
      delete process.env.OPENAI_API_KEY;
    }
  });
});

describe('ordinary text is never rewritten', () => {
  it.each([
    'postgres://app@db.internal:5432/orders',
    'https://example.com/callback?code=abc123&state=xyz789',
    'mysql://root@localhost/app?charset=utf8mb4',
    'ssh://git@github.com:22/owner/repo.git',
    'password: string;',
    'const token = await getToken(42);',
    'interface Creds { password: string; apiKey?: string }',
    'max_tokens=4096',
    'The secret to speed is caching.',
    'Use OAuth with ?response_type=code&client_id=my-app',
    'https://alice@example.com:8443/path',
  ])('%s', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  const word = fc.oneof(
    fc.constantFrom(
      'postgres://app@db.internal:5432/orders',
      'https://example.com/a/b?code=abc123&page=2',
      'alice@example.com',
      'git@github.com:owner/repo.git',
      'user=bob',
      'host=db.internal',
      'port: 5432',
      'name = "orders"',
      'SELECT * FROM users WHERE id = 42;',
      'Use PostgreSQL',
      'http://localhost:3000/login?next=/home',
      'key',
      'code',
      '=',
      ':',
      '@',
      '/',
      '?',
      '&',
    ),
    fc.string({ maxLength: 12 }),
    fc.integer().map(String),
  );

  it('round-trips arbitrary text made of ordinary pieces unchanged (property)', () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 20 }),
        fc.constantFrom(' ', '\n', ', ', ''),
        (parts, sep) => {
          const text = parts.join(sep);
          expect(redactSecrets(text)).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('a questionnaire keeps its exact answers, and says when a secret was removed', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  it('saves options and answers with hosts and parameters verbatim; notes a redaction in replay', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'openai-chat',
      model: 'gpt',
    });
    const options = ['postgres://app@db.internal:5432/orders', 'https://x.test/cb?code=abc123'];
    const asked = (id: string, input: Questionnaire, answers: string[]): void => {
      const output = JSON.stringify({ answers, cancelled: false });
      const activity: ToolActivity = {
        id,
        name: 'ask_user',
        input,
        status: 'ok',
        summary: 'answered',
        retainedOutput: output,
      };
      writer.recordLoopEvent({
        type: 'assistant_message',
        message: { role: 'assistant', text: '', toolCalls: [{ ...activity, status: 'pending' }] },
      });
      writer.recordLoopEvent({ type: 'tool_end', activity, result: { output } });
    };
    asked('call_1', { questions: [{ question: 'Which database URL?', options }] }, [
      'postgres://app@db.internal:5432/orders',
    ]);
    asked(
      'call_2',
      { questions: [{ question: 'Which connection string?', options: ['local', 'remote'] }] },
      ['postgres://app:Tr0ub4dor@db.internal/orders'],
    );
    await writer.close();

    const text = await fs.readFile(writer.path, 'utf8');
    expect(text).toContain('postgres://app@db.internal:5432/orders');
    expect(text).toContain('?code=abc123');
    expect(text).not.toContain('Tr0ub4dor');

    const loaded = await loadSession(writer.path);
    const inputs = new Map<string, Questionnaire>();
    const summaries: Array<{ answers: string[]; redacted: boolean }> = [];
    for (const event of loaded.events) {
      if (event.type === 'assistant') {
        for (const call of event.message.toolCalls)
          inputs.set(call.id, call.input as Questionnaire);
      }
      if (event.type === 'tool_end' && event.retainedOutput) {
        const summary = summarizeQuestionnaire(
          inputs.get(event.callId)!,
          JSON.parse(event.retainedOutput),
        );
        summaries.push({ answers: summary.items.map((i) => i.answer), redacted: summary.redacted });
      }
    }
    expect(summaries).toEqual([
      { answers: ['postgres://app@db.internal:5432/orders'], redacted: false },
      { answers: ['postgres://app:[REDACTED]@db.internal/orders'], redacted: true },
    ]);
  });
});
