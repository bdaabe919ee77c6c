import type { Key } from '../input/key';
import { KeyRouter, type RouterActions } from './key-router';
import { ModalSlot } from './modal';

function setup(busy = false, queued: string[] = [], extra: Partial<RouterActions> = {}) {
  const log: string[] = [];
  let now = 0;
  const modals = new ModalSlot();
  const actions: RouterActions = {
    isBusy: () => busy,
    submit: (text) => log.push(`submit:${text}`),
    interrupt: () => log.push('interrupt'),
    takeQueued: () => queued.pop(),
    quit: () => log.push('quit'),
    notify: (text) => log.push(`notify:${text}`),
    scroll: (rows) => log.push(`scroll:${rows}`),
    pageSize: () => 10,
    toggleFold: () => log.push('fold'),
    changed: () => undefined,
    ...extra,
  };
  const router = new KeyRouter(modals, actions, () => now);
  const type = (text: string) => {
    for (const ch of text) router.handleKey({ name: ch, ch });
  };
  return { router, modals, log, type, advance: (ms: number) => (now += ms) };
}

const key = (name: string, extra: Partial<Key> = {}): Key => ({ name, full: name, ...extra });

describe('KeyRouter', () => {
  it('Shift+Tab cycles the mode on the prompt and on a card, which never sees it', () => {
    const log: string[] = [];
    const { router: withMode, modals } = setup(false, [], { cycleMode: () => log.push('mode') });
    withMode.handleKey(key('S-tab'));
    expect(log).toEqual(['mode']);
    const seen: string[] = [];
    const close = modals.open({ handleKey: (k) => seen.push(k.full ?? '') });
    withMode.handleKey(key('S-tab'));
    expect(seen).toEqual([]);
    expect(log).toEqual(['mode', 'mode']);
    close();
  });

  it('gives PgUp/PgDn to a modal that scrolls something of its own, else scrolls the transcript', () => {
    const { router, modals, log } = setup(true);
    const seen: string[] = [];
    let paging = true;
    modals.open({ handleKey: (k) => seen.push(k.name ?? ''), handlesPaging: () => paging });
    router.handleKey(key('pagedown'));
    router.handleKey(key('pageup'));
    expect(seen).toEqual(['pagedown', 'pageup']);
    expect(log).toEqual([]);
    paging = false;
    router.handleKey(key('pagedown'));
    expect(seen).toHaveLength(2);
    expect(log).toEqual(['scroll:9']);
  });

  it('gives every key to the active modal and nothing to the prompt', () => {
    const { router, modals, log, type } = setup(true);
    const seen: string[] = [];
    const close = modals.open({
      handleKey: (k) => seen.push(k.name ?? ''),
      handlePaste: (t) => seen.push(`paste:${t}`),
    });
    type('/he');
    router.handleKey(key('enter'));
    router.handleKey(key('escape'));
    router.handlePaste('pasted\ntext');
    expect(seen).toEqual(['/', 'h', 'e', 'enter', 'escape', 'paste:pasted\ntext']);
    expect(router.input.text).toBe('');
    expect(router.suggestions.visible).toBe(false);
    expect(log).toEqual([]);
    close();
    type('x');
    expect(router.input.text).toBe('x');
  });

  it('still interrupts on Ctrl+C and scrolls on PageUp while a modal is active', () => {
    const { router, modals, log } = setup(true);
    modals.open({ handleKey: () => undefined });
    router.handleKey(key('C-c'));
    router.handleKey(key('pageup'));
    expect(log).toEqual(['interrupt', 'scroll:-9']);
  });

  it('Ctrl+C cancels the active modal, also between turns, and never quits while one is open', () => {
    const { router, modals, log } = setup(false);
    const close = modals.open({ handleKey: () => undefined, cancel: () => log.push('cancel') });
    router.handleKey(key('C-c'));
    router.handleKey(key('C-c'));
    expect(log).toEqual(['interrupt', 'cancel', 'interrupt', 'cancel']);
    close();
  });

  it('Esc interrupts a running turn at once; idle Esc does nothing', () => {
    const busy = setup(true);
    busy.router.handleKey(key('escape'));
    expect(busy.log).toEqual(['interrupt']);
    const idle = setup(false);
    idle.router.handleKey(key('escape'));
    expect(idle.log).toEqual([]);
  });

  it('Up on an empty prompt takes the last queued prompt back for editing', () => {
    const { router, type } = setup(true, ['first', 'second']);
    router.handleKey(key('up'));
    expect(router.input.text).toBe('second');
    type('!');
    router.handleKey(key('up'));
    expect(router.input.text).toBe('second!');
  });

  it('submits prompts even while busy (the app queues them)', () => {
    const { router, log, type } = setup(true);
    type('next');
    router.handleKey(key('enter'));
    expect(log).toEqual(['submit:next']);
  });

  it('Ctrl+C clears a typed prompt, then quits only when pressed twice in time', () => {
    const { router, log, type, advance } = setup(false);
    type('draft');
    router.handleKey(key('C-c'));
    expect(router.input.text).toBe('');
    router.handleKey(key('C-c'));
    advance(2500);
    router.handleKey(key('C-c'));
    expect(log.filter((l) => l === 'quit')).toEqual([]);
    advance(500);
    router.handleKey(key('C-c'));
    expect(log.at(-1)).toBe('quit');
  });

  it('Esc twice in time clears a typed idle prompt, which Up brings back; one Esc only says so', () => {
    const { router, log, type, advance } = setup(false);
    type('draft 日本 👍🏽');
    router.handleKey(key('escape'));
    expect(router.input.text).toBe('draft 日本 👍🏽');
    expect(log).toEqual(['notify:Press Esc again to clear the prompt']);
    advance(2500);
    router.handleKey(key('escape'));
    expect(router.input.text).toBe('draft 日本 👍🏽');
    type('!');
    router.handleKey(key('escape'));
    expect(router.input.text).toBe('draft 日本 👍🏽!');
    advance(500);
    router.handleKey(key('escape'));
    expect(router.input.text).toBe('');
    expect(log.at(-1)).toBe('notify:Prompt cleared: ↑ brings it back');
    expect(log.filter((l) => l.startsWith('submit'))).toEqual([]);
    router.handleKey(key('up'));
    expect(router.input.text).toBe('draft 日本 👍🏽!');
  });

  it('Esc while busy interrupts and never clears the prompt', () => {
    const { router, log, type } = setup(true);
    type('steer');
    router.handleKey(key('escape'));
    router.handleKey(key('escape'));
    expect(router.input.text).toBe('steer');
    expect(log).toEqual(['interrupt', 'interrupt']);
  });

  it('Ctrl+D deletes forward in a typed prompt; on an empty idle one, twice in time quits', () => {
    const { router, log, type, advance } = setup(false);
    type('ab');
    router.handleKey(key('left'));
    router.handleKey(key('C-d'));
    expect(router.input.text).toBe('a');
    router.handleKey(key('C-d'));
    router.handleKey(key('backspace'));
    router.handleKey(key('C-d'));
    expect(log).toEqual(['notify:Press Ctrl+D again to quit']);
    advance(2500);
    router.handleKey(key('C-d'));
    expect(log.filter((l) => l === 'quit')).toEqual([]);
    router.handleKey(key('C-c'));
    expect(log.filter((l) => l === 'quit')).toEqual([]);
    router.handleKey(key('C-d'));
    router.handleKey(key('C-d'));
    expect(log.at(-1)).toBe('quit');
  });

  it('Ctrl+D on an empty prompt never quits while a turn runs', () => {
    const { router, log } = setup(true);
    router.handleKey(key('C-d'));
    router.handleKey(key('C-d'));
    expect(log).toEqual([]);
  });

  it('runs the selected command suggestion on Enter', () => {
    const { router, log, type } = setup(false);
    type('/mo');
    expect(router.suggestions.items.map((i) => i.name)).toEqual(['/model']);
    router.handleKey(key('enter'));
    expect(router.input.text).toBe('/model ');
    router.handleKey(key('C-u', { ctrl: true }));
    type('/he');
    router.handleKey(key('enter'));
    expect(log).toEqual(['submit:/help']);
  });

  it('Up/Down keep walking the history through a recalled /command until it is edited', () => {
    const { router, log, type } = setup(false);
    for (const prompt of ['first', '/permissions', 'second', 'third']) {
      type(prompt);
      router.handleKey(key('enter'));
    }
    log.length = 0;
    const up = () => router.handleKey(key('up'));
    up();
    up();
    up();
    expect(router.input.text).toBe('/permissions');
    expect(router.suggestions.visible).toBe(true);
    up();
    expect(router.input.text).toBe('first');
    router.handleKey(key('down'));
    expect(router.input.text).toBe('/permissions');
    router.handleKey(key('down'));
    expect(router.input.text).toBe('second');
    up();
    expect(router.input.text).toBe('/permissions');
    // Edited: the menu takes Up/Down again (and Enter runs its choice).
    router.handleKey(key('backspace'));
    router.handleKey(key('backspace'));
    expect(router.input.text).toBe('/permissio');
    expect(router.suggestions.visible).toBe(true);
    router.handleKey(key('down'));
    expect(router.input.text).toBe('/permissio');
    expect(log).toEqual([]);
  });

  it('ignores the duplicate "return" blessed sends with every Enter', () => {
    const { router, log, type } = setup(false);
    type('x');
    router.handleKey(key('return'));
    router.handleKey(key('enter'));
    expect(log).toEqual(['submit:x']);
  });
});
