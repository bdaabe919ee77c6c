import { buildElicitationForm } from '@agent/mcp';
import type { AnyPersonRequest } from '@agent/tools';
import { personDesk } from '../../test/support/person-desk';
import { CardNotifier } from './card-notifier';
import { lineText } from '../text/line';

const questionnaire = {
  questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
};
const form = buildElicitationForm('deploy', 'Where to?', {
  type: 'object',
  properties: { a: { type: 'string', title: 'Target' } },
  required: ['a'],
}).questionnaire;

function setup(notifier?: CardNotifier) {
  const desk = personDesk(200, notifier);
  const screen = () =>
    desk.host.transcript.segments
      .flatMap((segment) => desk.host.transcript.linesOf(segment, 70, 0))
      .map(lineText)
      .join('\n');
  return { ...desk, screen };
}

describe('the REPL person channel', () => {
  it('shows a form sent while a questionnaire is open only after it is answered', async () => {
    const { ask, press, screen, person } = setup();
    const questions = ask('questionnaire', { questionnaire }, undefined, 'call_1');
    const serverForm = ask('form', form);
    expect(person.pending.map((request) => request.kind)).toEqual(['questionnaire', 'form']);
    expect(screen().match(/Question 1 of 1/g)).toHaveLength(1);
    expect(screen()).not.toContain('Where to?');
    press('down', 'enter');
    await expect(questions).resolves.toEqual({
      answers: ['SQLite'],
      cancelled: false,
      custom: [false],
    });
    // Now the form is the one live card.
    expect(screen()).toContain('MCP server deploy asks: Where to?');
    expect(screen().match(/Question 1 of 1/g)).toHaveLength(1);
    press('staging', 'enter');
    await expect(serverForm).resolves.toEqual({ action: 'accept', answers: ['staging'] });
    expect(person.pending).toEqual([]);
  });

  it('a card that opens while the person types leaves the typing in the prompt', async () => {
    const { ask, press, prompt, host, screen } = setup();
    prompt.text = 'deploy the hot';
    const serverForm = ask('form', form);
    expect(host.modals.active?.typesIntoPrompt?.()).toBe(true);
    expect(host.modals.active?.hint).toMatch(/your typing goes to the prompt/);
    press('fix to production now', 'backspace');
    expect(prompt.text).toBe('deploy the hotfix to production no');
    // Enter only arms the card: nothing is answered by a stray Enter.
    press('enter');
    expect(screen()).not.toContain('Type an answer first');
    expect(host.modals.active?.typesIntoPrompt?.()).toBe(false);
    press('eu-west', 'enter');
    await expect(serverForm).resolves.toEqual({ action: 'accept', answers: ['eu-west'] });
    expect(prompt.text).toBe('deploy the hotfix to production no');
  });

  it('an approval that opens while the person types needs a deliberate key first', async () => {
    const { ask, press, prompt } = setup();
    prompt.text = 'next: y';
    const approval = ask('approval', {
      toolCallId: 'c1',
      toolName: 'run_shell',
      permission: 'exec',
      title: '$ rm -rf build',
      input: { command: 'rm -rf build' },
    });
    press('nyes', 'enter');
    expect(prompt.text).toBe('next: ynyes');
    press('escape');
    await expect(approval).resolves.toEqual({
      kind: 'deny',
      approval: { by: 'person', on: 'the terminal' },
    });
  });

  it('a sentence typed at an open approval goes to the prompt: its letters pick no choice', async () => {
    const { ask, press, prompt, host } = setup();
    const approval = ask('approval', {
      toolCallId: 'c1',
      toolName: 'write_file',
      permission: 'edit',
      title: 'write notes.md',
      input: { path: 'notes.md' },
    });
    expect(host.modals.active?.typesIntoPrompt?.()).toBe(false);
    // "H" is none of the card's letters: from there on, "a" (always) and "n" (deny) are text.
    press('Help me choose, ask me');
    expect(prompt.text).toBe('Help me choose, ask me');
    expect(host.modals.active?.typesIntoPrompt?.()).toBe(true);
    expect(host.modals.active?.hint).toMatch(/your typing goes to the prompt/);
    // The Enter that ends the sentence only arms the card; its letters pick again.
    press('enter');
    expect(host.modals.active?.typesIntoPrompt?.()).toBe(false);
    press('n', 'enter');
    await expect(approval).resolves.toEqual({
      kind: 'deny',
      approval: { by: 'person', on: 'the terminal' },
    });
  });

  it('a sentence that starts with a choice letter goes to the prompt whole; the card is as it was', async () => {
    const { ask, press, prompt, host, screen, person } = setup();
    const edit = {
      toolCallId: 'c1',
      toolName: 'write_file',
      permission: 'edit' as const,
      title: 'write notes.md',
      input: { path: 'notes.md' },
    };
    const approval = ask('approval', edit);
    // "a" picks "Always allow" and "s" shows it was the start of a word: the "a" is taken back.
    press('ask me first');
    expect(prompt.text).toBe('ask me first');
    expect(screen()).toContain('❯ y) Yes, allow once');
    // The Enter that ends the sentence only brings the card back, on the row it was on.
    press('enter');
    expect(host.modals.active?.hint).toMatch(/^Enter approves · /);
    // "n" picks "deny", and "o" makes it a word: no reason is kept, the card is back on "allow once".
    prompt.text = '';
    press('no, wait: use the other file');
    expect(prompt.text).toBe('no, wait: use the other file');
    expect(screen()).toContain('❯ y) Yes, allow once');
    expect(screen()).not.toContain('wait: use');
    press('enter');
    expect(person.pending).toHaveLength(1);
    press('up');
    expect(screen()).toContain('reason (optional), then Enter▏');
    press('escape');
    await expect(approval).resolves.toEqual({
      kind: 'deny',
      approval: { by: 'person', on: 'the terminal' },
    });
    expect(prompt.text).toBe('no, wait: use the other file');
  });

  it('a letter that picks a choice, then Enter, answers the card; "n", Space and words deny with a reason', async () => {
    const { ask, press, prompt } = setup();
    const edit = (id: string) => ({
      toolCallId: id,
      toolName: 'write_file',
      permission: 'edit' as const,
      title: `write ${id}.md`,
      input: { path: `${id}.md` },
    });
    const always = ask('approval', edit('c1'));
    press('a', 'enter');
    await expect(always).resolves.toMatchObject({ kind: 'allow', always: true, scope: 'session' });
    const once = ask('approval', edit('c2'));
    press('y', 'enter');
    await expect(once).resolves.toEqual({
      kind: 'allow',
      approval: { by: 'person', on: 'the terminal' },
    });
    const denied = ask('approval', edit('c3'));
    press('n', ' use the other file', 'enter');
    await expect(denied).resolves.toMatchObject({ kind: 'deny', reason: 'use the other file' });
    expect(prompt.text).toBe('');
  });

  it('a waiting request that is withdrawn is never shown', async () => {
    const { ask, press, screen, person } = setup();
    const questions = ask('questionnaire', { questionnaire });
    const withdrawn = new AbortController();
    const serverForm = ask('form', form, withdrawn.signal);
    withdrawn.abort(new Error('the server cancelled'));
    await expect(serverForm).rejects.toThrow('the server cancelled');
    press('enter');
    await questions;
    expect(screen()).not.toContain('Where to?');
    expect(person.pending).toEqual([]);
  });

  it('a card another viewer refuses closes here too, and its call fails with the reason', async () => {
    const { ask, person, host } = setup();
    const questions = ask('questionnaire', { questionnaire });
    expect(host.modals.active).toBeDefined();
    const id = person.shown!.request.id;
    expect(person.refuse(id, 'the web page could not show it')).toBeUndefined();
    await expect(questions).rejects.toThrow('the web page could not show it');
    expect(host.modals.active).toBeUndefined();
    expect(person.pending).toEqual([]);
    const approval = ask('approval', {
      toolCallId: 'c2',
      toolName: 'write_file',
      permission: 'edit',
      title: 'write a.md',
      input: {},
    });
    expect(host.modals.active).toBeDefined();
    expect(person.refuse(person.shown!.request.id, 'no screen')).toBeUndefined();
    await expect(approval).rejects.toThrow('no screen');
    expect(host.modals.active).toBeUndefined();
  });

  it("a shown card's wait is watched until it is answered, interrupted, refused or answered elsewhere", async () => {
    const watches: string[] = [];
    class RecordingNotifier extends CardNotifier {
      override watch(request: AnyPersonRequest): () => void {
        watches.push(`watch ${request.kind}`);
        return () => void watches.push(`stop ${request.kind}`);
      }
    }
    const notifier = new RecordingNotifier({
      settings: false,
      inTmux: false,
      where: () => ({ workspace: '/w' }),
      report: () => undefined,
    });
    const { ask, press, person, host, screen } = setup(notifier);
    const answered = ask('questionnaire', { questionnaire });
    press('enter');
    await expect(answered).resolves.toMatchObject({ answers: ['PostgreSQL'] });
    const turn = new AbortController();
    const interrupted = ask('questionnaire', { questionnaire }, turn.signal);
    turn.abort(new Error('interrupted'));
    await expect(interrupted).rejects.toThrow('interrupted');
    const cancelled = ask('form', form);
    host.modals.active?.cancel?.();
    await expect(cancelled).rejects.toThrow('cancelled by the person (Ctrl+C)');
    const elsewhere = ask('questionnaire', { questionnaire });
    const id = person.shown!.request.id;
    const result = { answers: ['SQLite'], cancelled: false, custom: [false] };
    expect(person.answer(id, { kind: 'questionnaire', result }, 'the web page')).toBeUndefined();
    await expect(elsewhere).resolves.toEqual(result);
    expect(host.modals.active).toBeUndefined();
    expect(screen()).toContain('the web page');
    expect(watches).toEqual([
      'watch questionnaire',
      'stop questionnaire',
      'watch questionnaire',
      'stop questionnaire',
      'watch form',
      'stop form',
      'watch questionnaire',
      'stop questionnaire',
    ]);
  });
});
