import { checkFormAnswer } from '@agent/tools';
import { useRealServers } from './support/real-servers';
import { everythingStdio, waitFor } from './support/servers';

const mcp = useRealServers(
  ({ httpUrl }) => ({ everything: everythingStdio(), web: { type: 'http', url: httpUrl } }),
  { streamable: true },
);
const { run, asked, records, urls } = mcp;

describe('real MCP servers: elicitation', () => {
  it('asks server-everything’s 13-field form as questions and sends the answers back', async () => {
    mcp.answerForm = async (form) => ({
      action: 'accept',
      answers: form.questions.map((q) => {
        if (q.key === 'name') return 'Ada Lovelace';
        if (q.key === 'integer') return '7';
        if (!q.required)
          return q.kind === 'multi-choice' ? (q.defaults ?? null) : (q.options[0] ?? null);
        return null;
      }),
    });
    const result = await run('mcp__everything__trigger-elicitation-request', {});
    expect(result.output).toContain('- Name: Ada Lovelace');
    expect(result.output).toContain('- Favorite Integer: 7');
    expect(result.output).toContain('"untitledSingleSelectEnum": "Monica"');
    expect(result.output).toContain('"titledSingleSelectEnum": "hero-1"');
    expect(result.output).toContain('"legacyTitledEnum": "pet-1"');

    const form = asked.at(-1)!;
    expect(form.server).toBe('everything');
    expect(form.message).toBe('Please provide inputs for the following fields:');
    expect(form.questions).toHaveLength(13);
    const q = Object.fromEntries(form.questions.map((question) => [question.key, question]));
    expect(q.name).toMatchObject({
      kind: 'text',
      required: true,
      question: 'String: Your full, legal name',
    });
    expect(q.check).toMatchObject({ kind: 'boolean', options: ['Yes', 'No'], required: false });
    expect(q.firstLine).toMatchObject({
      kind: 'text',
      options: ['It was a dark and stormy night.'],
    });
    expect(q.email).toMatchObject({ kind: 'text', format: 'email' });
    expect(q.integer).toMatchObject({ kind: 'integer', min: 1, max: 100, options: ['42'] });
    expect(q.untitledSingleSelectEnum!.options).toEqual([
      'Monica',
      'Rachel',
      'Joey',
      'Chandler',
      'Ross',
      'Phoebe',
    ]);
    expect(q.titledSingleSelectEnum).toMatchObject({
      kind: 'choice',
      options: ['Superman', 'Green Lantern', 'Wonder Woman'],
    });
    expect(q.titledMultipleSelectEnum).toMatchObject({
      kind: 'multi-choice',
      min: 1,
      max: 3,
      defaults: ['Tuna'],
    });
    expect(q.legacyTitledEnum!.options).toEqual(['Cats', 'Dogs', 'Birds', 'Fish', 'Reptiles']);
    expect(checkFormAnswer(q.integer!, '101')).toBe('expected at most 100');
    expect(checkFormAnswer(q.email!, 'not-an-email')).toMatch(/email/);

    const record = records.at(-1)!;
    expect(record).toMatchObject({ mode: 'form', server: 'everything', action: 'accept' });
    expect(record.mode === 'form' && record.content).toMatchObject({
      name: 'Ada Lovelace',
      integer: 7,
      check: true,
    });
  });

  it('relays a decline and cancels the question when the call is interrupted', async () => {
    mcp.answerForm = async () => ({ action: 'decline' });
    const declined = await run('mcp__web__trigger-elicitation-request', {});
    expect(declined.output).toContain('declined');

    let released = false;
    mcp.answerForm = (_form, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          released = true;
          reject(signal.reason);
        });
      });
    const controller = new AbortController();
    const call = run(
      'mcp__everything__trigger-elicitation-request',
      {},
      mcp.context(controller.signal),
    );
    const before = asked.length;
    await waitFor(() => asked.length > before);
    controller.abort(new Error('turn interrupted'));
    await expect(call).rejects.toThrow('turn interrupted');
    await waitFor(() => released);
    expect(records.at(-1)).toMatchObject({ action: 'cancel', note: 'interrupted' });
  });

  it('hands a URL elicitation to the requester, which asks before anything opens', async () => {
    const result = await run('mcp__web__trigger-url-elicitation', {
      url: 'https://example.com/authorize?state=1',
      message: 'Sign in to continue',
    });
    expect(urls).toEqual([
      {
        server: 'web',
        url: 'https://example.com/authorize?state=1',
        message: 'Sign in to continue',
      },
    ]);
    expect(result.output).toMatch(/decline/i);
    expect(records.at(-1)).toMatchObject({ mode: 'url', action: 'decline' });
  });
});
