import type { ToolContext } from '@agent/tools';
import type { ToolActivity } from '@agent/llm';
import { personDesk } from '../../test/support/person-desk';
import { lineText } from '../text/line';
import { TRANSCRIPT_CARDS } from '@agent/runtime';
import { callEntry } from '@agent/session';
import { askUserExtension, replayAskUser as replayEntry } from './ask-user-extension';

/** A saved call as its transcript entry, replayed. */
const replayAskUser = (call: ToolActivity) =>
  replayEntry(callEntry(call, [], call.status !== 'pending', { cards: TRANSCRIPT_CARDS }));

const questionnaire = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL', 'gRPC'] },
  ],
};

function setup() {
  const desk = personDesk();
  const { host, person } = desk;
  const extension = askUserExtension(host);
  const tool = extension.tools![0]!;
  const controller = new AbortController();
  const ctx: ToolContext = {
    signal: controller.signal,
    workspaceRoot: '/tmp',
    toolCallId: 'call_1',
    person,
  };
  const screen = () =>
    host.transcript.segments
      .flatMap((segment) => host.transcript.linesOf(segment, 50, 0))
      .map(lineText)
      .join('\n');
  return { ...desk, extension, tool, ctx, controller, screen };
}

describe('askUserExtension', () => {
  it('offers the tool with the guidance and the questionnaire card', () => {
    const { extension, tool } = setup();
    expect(tool.name).toBe('ask_user');
    expect(tool.interactive).toBe(true);
    // The guidance travels with the tool (the runtime's prompt includes it), not the extension.
    expect(tool.promptSection).toMatch(/recommend.*FIRST/s);
    expect(extension.systemPromptSections?.join('\n') ?? '').not.toMatch(/recommend.*FIRST/s);
    expect(extension.presenters?.questionnaire).toBeDefined();
  });

  it('shows the card as the active modal, answers it and leaves the compact summary', async () => {
    const { host, tool, ctx, screen, press, paints } = setup();
    const running = tool.execute(questionnaire, ctx);
    expect(host.modals.active).toBeDefined();
    expect(screen()).toContain('Question 1 of 2');
    expect(screen()).toContain('❯ 1. PostgreSQL (recommended)');
    press('down', { name: 'return', ch: '\r', full: 'return' }, 'enter');
    expect(screen()).toContain('Question 2 of 2');
    press('JSON-RPC', 'enter');
    const result = await running;
    expect(result.output).toBe('{"answers":["SQLite","JSON-RPC"],"cancelled":false}');
    expect(host.modals.active).toBeUndefined();
    expect(screen()).toBe(
      [
        '✓ Questionnaire: 2 answers',
        '  Which database should the service use?',
        '    → SQLite',
        '  Which API style should we expose?',
        '    → JSON-RPC (typed)',
      ].join('\n'),
    );
    expect(paints()).toBeGreaterThan(3);
  });

  it('Esc resolves as cancelled with the answers so far and closes the card', async () => {
    const { host, tool, ctx, screen, press } = setup();
    const running = tool.execute(questionnaire, ctx);
    press('enter', 'escape');
    await expect(running).resolves.toMatchObject({
      output: '{"answers":["PostgreSQL"],"cancelled":true}',
    });
    expect(host.modals.active).toBeUndefined();
    expect(screen()).toContain('⊘ Questionnaire cancelled after 1 of 2');
  });

  it('an interrupted turn releases the tool, closes the modal and keeps what was answered', async () => {
    const { host, tool, ctx, controller, screen, press, person } = setup();
    const running = tool.execute(questionnaire, ctx);
    press('enter', { name: 'c', ctrl: true, full: 'C-c' });
    expect(host.modals.active).toBeDefined();
    controller.abort(new Error('interrupted'));
    await expect(running).rejects.toThrow('interrupted');
    expect(host.modals.active).toBeUndefined();
    expect(screen()).toContain('■ Questionnaire interrupted after 1 of 2');
    expect(screen()).toContain('→ PostgreSQL');
    const again = tool.execute(questionnaire, { ...ctx, signal: new AbortController().signal });
    expect(host.modals.active).toBeDefined();
    press('escape');
    await again;
    expect(person.pending).toEqual([]);
  });
});

describe('replayAskUser', () => {
  const activity = (extra: Partial<ToolActivity>): ToolActivity => ({
    id: 'call_1',
    name: 'ask_user',
    input: questionnaire,
    status: 'ok',
    summary: '1 answer',
    ...extra,
  });

  it('says so when a secret was redacted from the saved answers', () => {
    const segment = replayAskUser(
      activity({
        retainedOutput:
          '{"answers":["postgres://app:[REDACTED]@db/orders","REST"],"cancelled":false}',
      }),
    );
    expect(segment!.render(70).map(lineText)).toEqual([
      '✓ Questionnaire: 2 answers',
      '  Which database should the service use?',
      '    → postgres://app:[REDACTED]@db/orders (typed)',
      '  Which API style should we expose?',
      '    → REST',
      '  (a secret was redacted before the session was saved)',
    ]);
  });

  it('shows a saved call as its compact summary', () => {
    const segment = replayAskUser(
      activity({ retainedOutput: '{"answers":["SQLite","Thrift"],"cancelled":false}' }),
    );
    expect(segment!.live).toBe(false);
    expect(segment!.render(50).map(lineText)).toEqual([
      '✓ Questionnaire: 2 answers',
      '  Which database should the service use?',
      '    → SQLite',
      '  Which API style should we expose?',
      '    → Thrift (typed)',
    ]);
    const cancelled = replayAskUser(
      activity({ retainedOutput: '{"answers":[],"cancelled":true}' }),
    );
    expect(lineText(cancelled!.render(50)[0]!)).toBe('⊘ Questionnaire cancelled after 0 of 2');
  });

  it('uses the recorded picked/typed flags, never a guess from the options', () => {
    const segment = replayAskUser(
      activity({
        retainedOutput: '{"answers":["SQLite","Thrift"],"cancelled":false}',
        retainedDetails: { custom: [true, false] },
      }),
    );
    expect(segment!.render(50).map(lineText)).toEqual([
      '✓ Questionnaire: 2 answers',
      '  Which database should the service use?',
      '    → SQLite (typed)',
      '  Which API style should we expose?',
      '    → Thrift',
    ]);
  });

  it('shows the answers an interrupted call carried to the model', () => {
    const segment = replayAskUser(
      activity({
        status: 'interrupted',
        retainedOutput: '{"answers":["PostgreSQL"],"cancelled":true,"interrupted":true}',
        retainedDetails: { custom: [false] },
      }),
    );
    expect(segment!.render(50).map(lineText)).toEqual([
      '■ Questionnaire interrupted after 1 of 2',
      '  Which database should the service use?',
      '    → PostgreSQL',
      '  Which API style should we expose?',
      '    ⊘ not answered',
    ]);
  });

  it('marks a dangling interrupted call and leaves other tools and errors to the default line', () => {
    const interrupted = replayAskUser(activity({ status: 'interrupted', summary: 'interrupted' }));
    expect(lineText(interrupted!.render(50)[0]!)).toBe('■ Questionnaire interrupted (2 questions)');
    expect(replayAskUser(activity({ name: 'read_file' }))).toBeUndefined();
    expect(
      replayAskUser(activity({ status: 'error', output: 'ask_user failed: busy' })),
    ).toBeUndefined();
    expect(replayAskUser(activity({ input: '{not json' }))).toBeUndefined();
  });
});
