import fs from 'node:fs';
import path from 'node:path';
import { createAskUserTool } from '@agent/askuser';
import type { PersonRequestKind } from '@agent/tools';
import type { PageCard } from '../src/page-cards';
import type { PageEntry } from '../src/page-events';
import { pageEvents, webBoxes, writeFile } from './support/web-box';

const HOSTILE =
  '<img src=x onerror="alert(1)"> {red-fg}blessed{/red-fg} \u001b[31mred\u001b[0m </script>';
const ALL: PersonRequestKind[] = ['approval', 'questionnaire', 'form', 'url', 'plan'];

describe("the page's event stream follows the conversation", () => {
  const box = webBoxes('web-events');

  it('carries streamed text and hostile tool output as data, exactly', async () => {
    const { web, origin, conversation, workspace, next } = await box([
      { toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'evil.txt' } }] },
      { text: ['Read ', HOSTILE] },
    ]);
    fs.writeFileSync(path.join(workspace, 'evil.txt'), HOSTILE);
    const events = pageEvents(origin, web.token);
    try {
      await events.until((event) => event.type === 'hello');
      const ended = next('turn_ended');
      await conversation.submit({ type: 'prompt', text: 'read evil.txt' });
      await ended;
      const done = await events.until((event) => event.type === 'turn_ended');
      expect(done).toEqual({ type: 'turn_ended', reason: 'done' });
      const types = events.seen.map((event) => event.type);
      expect(types.slice(0, 3)).toEqual(['transcript', 'hello', 'turn_started']);
      expect(events.seen[0]).toEqual({ type: 'transcript', entries: [] });
      const tool = events.seen.find((event) => event.type === 'tool' && event.status === 'ok');
      expect(tool).toMatchObject({ name: 'read_file', id: 'call_read' });
      expect(tool?.output).toContain(HOSTILE);
      const text = events.seen.filter((event) => event.type === 'text').map((event) => event.text);
      expect(text.join('')).toBe(`Read ${HOSTILE}`);
    } finally {
      await events.close();
    }
  });

  it("shows an approval with the runtime's choices; answered in the terminal, it closes saying so", async () => {
    const { web, origin, conversation, next } = await box(
      [writeFile('a.txt', 'hello'), { text: 'Written.' }],
      { viewers: [{ name: 'the terminal', kinds: ALL }] },
    );
    const events = pageEvents(origin, web.token);
    try {
      await events.until((event) => event.type === 'hello');
      const shown = next('card_shown');
      await conversation.submit({ type: 'prompt', text: 'write it' });
      const { card } = await shown;
      const page = await events.until((event) => event.type === 'card_shown');
      expect(page.card).toEqual({
        id: card.request.id,
        kind: 'approval',
        title: card.request.kind === 'approval' ? card.request.payload.title : '',
        preview: expect.any(String),
        choices: card.choices,
      });
      // A page that joins now is shown the same card at once.
      const late = pageEvents(origin, web.token);
      const hello = await late.until((event) => event.type === 'hello');
      expect(await late.card('approval')).toEqual(page.card);
      await late.close();
      expect(hello).toEqual({ type: 'hello', busy: true, shown: page.card, waiting: [] });

      await conversation.submit(
        { type: 'answer', id: card.request.id, answer: { kind: 'approval', choice: 'once' } },
        'the terminal',
      );
      expect(await events.until((event) => event.type === 'card_closed')).toEqual({
        type: 'card_closed',
        id: card.request.id,
        how: 'answered',
        by: 'the terminal',
      });
      // The page's late answer is refused with the conversation's reason.
      const refused = await approveOnce(origin, web.token, card.request.id);
      expect([refused.status, await refused.text()]).toEqual([
        409,
        `no card ${card.request.id} is waiting for an answer\n`,
      ]);
      await events.until((event) => event.type === 'turn_ended');
    } finally {
      await events.close();
    }
  });

  it('answers an approval posted by the page as "the web page", and detaches on close', async () => {
    const { web, origin, conversation, next, workspace } = await box([
      writeFile('a.txt', 'hello'),
      { text: 'Written.' },
      writeFile('b.txt', 'again'),
      { text: 'Not written.' },
    ]);
    const shown = next('card_shown');
    await conversation.submit({ type: 'prompt', text: 'write it' });
    const { card } = await shown;
    const closed = next('card_closed');
    const answered = await approveOnce(origin, web.token, card.request.id);
    expect([answered.status, await answered.json()]).toEqual([200, { ok: true }]);
    expect((await closed).closing).toMatchObject({ how: 'answered', by: 'the web page' });
    expect((await next('turn_ended')).result.reason).toBe('done');
    expect(fs.readFileSync(path.join(workspace, 'a.txt'), 'utf8')).toBe('hello');

    const events = pageEvents(origin, web.token);
    await events.until((event) => event.type === 'hello');
    await web.close();
    await events.close();
    await expect(fetch(web.url)).rejects.toThrow();
    // With the page gone nobody shows approvals: the next one is refused at once, with no card.
    const ended = next('turn_ended');
    let cards = 0;
    const stop = conversation.subscribe((event) => void (event.type === 'card_shown' && cards++));
    await conversation.submit({ type: 'prompt', text: 'write b' });
    expect((await ended).result.reason).toBe('done');
    stop();
    expect(cards).toBe(0);
    expect(fs.existsSync(path.join(workspace, 'b.txt'))).toBe(false);
  });

  it("shows a person's !command live and, after a reload, the same way from the session", async () => {
    const { web, origin, conversation, next } = await box([]);
    const events = pageEvents(origin, web.token);
    try {
      await events.until((event) => event.type === 'hello');
      const ended = next('turn_ended');
      await conversation.submit({ type: 'shell', command: 'echo heron' });
      expect((await ended).result.reason).toBe('done');
      await events.until((event) => event.type === 'turn_ended');
      expect(events.seen.find((event) => event.type === 'turn_started')).toEqual({
        type: 'turn_started',
        prompt: '!echo heron',
      });
      const calls = events.seen.filter((event) => event.type === 'tool');
      expect(calls[0]).toMatchObject({ title: '! echo heron', status: 'running' });
      expect(calls.at(-1)).toMatchObject({ status: 'ok', output: 'heron' });
    } finally {
      await events.close();
    }
    const reloaded = pageEvents(origin, web.token);
    try {
      const { entries } = await reloaded.until((event) => event.type === 'transcript');
      expect(entries).toEqual([
        { kind: 'prompt', text: '!echo heron' },
        {
          kind: 'call',
          id: expect.any(String),
          title: '! echo heron',
          state: 'ok',
          summary: 'exit code 0',
          output: 'heron',
        },
      ]);
    } finally {
      await reloaded.close();
    }
  });

  it('shows a prompt with a mention as typed, live as after a reload, not the file it attached', async () => {
    const { web, origin, conversation, workspace, next } = await box([{ text: 'Heron.' }]);
    fs.writeFileSync(path.join(workspace, 'notes.md'), 'The codeword is heron.\n');
    const events = pageEvents(origin, web.token);
    try {
      await events.until((event) => event.type === 'hello');
      const started = next('turn_started');
      const ended = next('turn_ended');
      await conversation.submit({ type: 'prompt', text: 'what says @notes.md?' });
      // Every front end is told what the model gets and what the transcript shows of it.
      const said = await started;
      expect(said.prompt).toContain('The codeword is heron.');
      expect(said.display).toBe('what says @notes.md?');
      await ended;
      await events.until((event) => event.type === 'turn_ended');
      expect(events.seen.find((event) => event.type === 'turn_started')).toEqual({
        type: 'turn_started',
        prompt: 'what says @notes.md?',
      });
    } finally {
      await events.close();
    }
    const reloaded = pageEvents(origin, web.token);
    try {
      const { entries } = await reloaded.until((event) => event.type === 'transcript');
      expect((entries as PageEntry[])[0]).toEqual({ kind: 'prompt', text: 'what says @notes.md?' });
    } finally {
      await reloaded.close();
    }
  });

  it("shows a questionnaire's questions and answers when it ends, and after a reload the same", async () => {
    const questions = {
      questions: [
        { question: 'Where should it run?', options: ['Fly.io', 'AWS'] },
        { question: 'Enable autoscaling?', options: ['Yes', 'No'] },
      ],
    };
    const { web, origin, conversation, next } = await box(
      [
        { toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: questions }] },
        { text: 'Ok.' },
      ],
      { extraTools: [createAskUserTool()] },
    );
    const words = [
      'Questionnaire cancelled after 1 of 2',
      '- Where should it run?',
      '  → On my own box (typed)',
      '- Enable autoscaling?',
      '  ⊘ not answered',
    ].join('\n');
    const events = pageEvents(origin, web.token);
    try {
      await events.until((event) => event.type === 'hello');
      const ended = next('turn_ended');
      await conversation.submit({ type: 'prompt', text: 'ask me' });
      const shown = (await events.until((event) => event.type === 'card_shown')) as {
        card: PageCard;
      };
      const result = { answers: ['On my own box'], custom: [true], cancelled: true };
      const posted = await fetch(`${origin}/operations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${web.token}` },
        body: JSON.stringify({
          type: 'answer',
          id: shown.card.id,
          answer: { kind: 'questionnaire', result },
        }),
      });
      expect(posted.status).toBe(200);
      await ended;
      await events.until((event) => event.type === 'turn_ended');
      const tool = events.seen.find((event) => event.type === 'tool' && event.status === 'ok');
      expect(tool).toMatchObject({ id: 'call_ask', output: words });
    } finally {
      await events.close();
    }
    const reloaded = pageEvents(origin, web.token);
    try {
      const { entries } = (await reloaded.until((event) => event.type === 'transcript')) as {
        entries: PageEntry[];
      };
      expect(entries.find((entry) => entry.kind === 'call')).toMatchObject({
        id: 'call_ask',
        state: 'ok',
        output: words,
      });
    } finally {
      await reloaded.close();
    }
  });
});

/** The page's answer "allow once" to the approval card `id`, as the page posts it. */
function approveOnce(origin: string, token: string, id: string): Promise<Response> {
  return fetch(`${origin}/operations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'answer', id, answer: { kind: 'approval', choice: 'once' } }),
  });
}
