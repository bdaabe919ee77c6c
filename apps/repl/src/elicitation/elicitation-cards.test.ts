import { buildElicitationForm } from '@agent/mcp';
import type { FormQuestionnaire, UrlRequest } from '@agent/tools';
import { personDesk } from '../../test/support/person-desk';
import { KeyRouter } from '../app/key-router';
import { replaySegments } from '../app/replay';
import { lineText } from '../text/line';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    color: { type: 'string', title: 'Color', enum: ['red', 'green', 'blue'], default: 'green' },
    subscribe: { type: 'boolean', title: 'Subscribe' },
    age: { type: 'integer', title: 'Age', minimum: 1, maximum: 120 },
  },
  required: ['name', 'color'],
};
// More fields than ask_user's ten questions.
const wide = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`f${i}`, { type: 'boolean', title: `Flag ${i}` }]),
  ),
};

function setup() {
  const desk = personDesk();
  const { host } = desk;
  const screen = () =>
    host.transcript.segments
      .flatMap((segment) => host.transcript.linesOf(segment, 70, 0))
      .map(lineText)
      .join('\n');
  /** Servers' questions, asked through the REPL's person channel. */
  const controller = {
    askForm: (form: FormQuestionnaire, signal: AbortSignal) => desk.ask('form', form, signal),
    askUrl: (request: UrlRequest, signal: AbortSignal) => desk.ask('url', request, signal),
  };
  return { ...desk, screen, controller };
}

/** Spans' text joined as one string, wrapping ignored. */
function lineTextOf(spans: Array<{ text: string }>): string {
  return spans.map((span) => span.text).join('');
}

describe("the cards of MCP servers' questions", () => {
  it('asks one question per field with the default first, checks typed answers, skips optional ones', async () => {
    const { screen, press, controller, host } = setup();
    const form = buildElicitationForm('tracker', 'Who are you?', schema);
    const answered = controller.askForm(form.questionnaire, new AbortController().signal);
    expect(screen()).toContain('MCP server tracker asks: Who are you?');
    expect(screen()).toContain('Question 1 of 4');
    press('enter', 'enter');
    expect(screen()).toContain('Type an answer first');
    press('Ada', 'enter');
    expect(screen()).toContain('Question 2 of 4');
    expect(screen()).toContain('1. green (recommended)');
    press('purple', 'enter');
    expect(screen()).toMatch(/Choose one of the options/);
    press('down', 'down', 'enter');
    expect(screen()).toContain('Question 3 of 4');
    expect(screen()).toContain('Skip (leave it empty)');
    // No default from the server for "Subscribe": nothing is marked recommended (issue 25).
    expect(screen()).toMatch(/❯ 1\. Yes +│/);
    expect(screen()).not.toContain('Yes (recommended)');
    press('enter');
    press('200', 'enter');
    expect(screen()).toContain('Expected at most 120');
    press('backspace', 'backspace', 'backspace', 'down', 'up', 'up', 'enter');
    const outcome = await answered;
    expect(outcome).toEqual({ action: 'accept', answers: ['Ada', 'red', 'Yes', null] });
    expect(form.toContent(outcome.action === 'accept' ? outcome.answers : [])).toEqual({
      ok: true,
      content: { name: 'Ada', color: 'red', subscribe: true },
    });
    expect(host.modals.active).toBeUndefined();
    expect(screen()).toContain('MCP tracker: 4 questions answered');
    expect(screen()).toContain('→ Ada');
  });

  it('Esc declines; takes more than ten fields; abort cancels and closes the card', async () => {
    const { press, controller, host, screen } = setup();
    const many = buildElicitationForm('s', 'Flags', wide).questionnaire;
    const first = controller.askForm(many, new AbortController().signal);
    expect(screen()).toContain('Question 1 of 12');
    for (let i = 0; i < 11; i++) press('enter');
    expect(screen()).toContain('Question 12 of 12');
    press('escape');
    await expect(first).resolves.toEqual({ action: 'decline' });
    expect(host.modals.active).toBeUndefined();

    const abort = new AbortController();
    const second = controller.askForm(many, abort.signal);
    expect(host.modals.active).toBeDefined();
    abort.abort(new Error('interrupted by the person'));
    await expect(second).rejects.toThrow('interrupted by the person');
    expect(host.modals.active).toBeUndefined();
    expect(screen()).toContain('MCP s: 12 questions cancelled');
  });

  it('Ctrl+C between turns cancels the card: no turn interrupt would end it', async () => {
    const { controller, host, screen } = setup();
    const interrupts: string[] = [];
    const router = new KeyRouter(host.modals, {
      isBusy: () => false,
      submit: () => undefined,
      interrupt: () => interrupts.push('interrupt'),
      takeQueued: () => undefined,
      quit: () => interrupts.push('quit'),
      notify: () => undefined,
      scroll: () => undefined,
      pageSize: () => 10,
      toggleFold: () => undefined,
      changed: () => undefined,
    });
    const form = buildElicitationForm('tracker', 'Who are you?', schema).questionnaire;
    const asked = controller.askForm(form, new AbortController().signal);
    router.handleKey({ name: 'C-c', full: 'C-c' });
    await expect(asked).rejects.toThrow('cancelled by the person');
    expect(host.modals.active).toBeUndefined();
    expect(screen()).toContain('MCP tracker: 4 questions cancelled');
    expect(interrupts).toEqual(['interrupt']);
  });

  it('a URL request shows the URL and opens nothing; Decline and Accept', async () => {
    const { press, controller, screen } = setup();
    const request = { server: 'auth', message: 'Sign in', url: 'https://example.com/login' };
    const declined = controller.askUrl(request, new AbortController().signal);
    expect(screen()).toContain('https://example.com/login');
    press('down', 'enter');
    await expect(declined).resolves.toEqual({ action: 'decline' });
    const accepted = controller.askUrl(request, new AbortController().signal);
    press('enter');
    await expect(accepted).resolves.toEqual({ action: 'accept' });
  });

  describe('shows escape, bidi and zero-width characters of server text as notation', () => {
    const hidden = '\x1b[2J\x1b]0;pwned\x07\u202eevil\u200b';
    const shown = '\\x1b[2J\\x1b]0;pwned\\x07\\u202eevil\\u200b';
    const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b\u202a-\u202e\u2066-\u2069]/;
    const spans = (host: ReturnType<typeof setup>['host']) =>
      host.transcript.segments
        .flatMap((segment) => host.transcript.linesOf(segment, 200, 0))
        .flat();

    it('in a form: the message, a field title and an option; the answer is the server value', async () => {
      const { press, controller, host } = setup();
      const form = buildElicitationForm(`srv${hidden}`, `Say ${hidden}`, {
        type: 'object',
        properties: {
          pick: { type: 'string', title: `Pick ${hidden}`, enum: [`a${hidden}`, 'b'] },
        },
        required: ['pick'],
      });
      const answered = controller.askForm(form.questionnaire, new AbortController().signal);
      const text = () => lineTextOf(spans(host));
      expect(text()).toContain(`MCP server srv${shown} asks: Say ${shown}`);
      expect(text()).toContain(`Pick ${shown}`);
      expect(text()).toContain(`1. a${shown}`);
      expect(spans(host).some((span) => span.style === 'control')).toBe(true);
      expect(spans(host).every((span) => !RAW.test(span.text))).toBe(true);
      press('enter');
      await expect(answered).resolves.toEqual({ action: 'accept', answers: [`a${hidden}`] });
      expect(text()).toContain(`MCP srv${shown}: 1 question answered`);
      expect(text()).toContain(`→ a${shown}`);
      expect(spans(host).every((span) => !RAW.test(span.text))).toBe(true);
    });

    it('in a URL request: the server, the message and the URL', async () => {
      const { press, controller, host } = setup();
      const url = `https://example.com/${hidden}`;
      const request = { server: 'auth', message: `Sign in ${hidden}`, url };
      const asked = controller.askUrl(request, new AbortController().signal);
      const text = () => lineTextOf(spans(host));
      expect(text()).toContain(`asks: Sign in ${shown}`);
      expect(text()).toContain(`https://example.com/${shown}`);
      expect(spans(host).every((span) => !RAW.test(span.text))).toBe(true);
      press('enter');
      await expect(asked).resolves.toEqual({ action: 'accept' });
      expect(text()).toContain(`link https://example.com/${shown} answered`);
      expect(spans(host).every((span) => !RAW.test(span.text))).toBe(true);
    });
  });

  it('a recorded exchange replays as its compact summary', () => {
    const segments = replaySegments(
      [
        {
          v: 1,
          id: 'e1',
          ts: '2026-01-01T00:00:00.000Z',
          type: 'elicitation',
          server: 'tracker',
          mode: 'form',
          message: 'Who are you?',
          action: 'accept',
          fields: [
            { key: 'name', question: 'Name', answer: 'Ada' },
            { key: 'age', question: 'Age', answer: null },
          ],
        },
      ],
      [],
      [],
    );
    expect(segments).toHaveLength(1);
    const segment = segments[0]!;
    if (segment.kind !== 'custom') throw new Error('expected the summary');
    const text = segment.render(70).map(lineText).join('\n');
    expect(text).toContain('MCP tracker: 2 questions answered');
    expect(text).toContain('→ Ada');
    expect(text).not.toContain('Question 1');
  });
});
