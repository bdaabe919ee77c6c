import { migrateEvent, SESSION_SCHEMA_VERSION, type Upgrade } from '../src';

const ts = '2026-11-30T00:00:00.000Z';

describe('migrateEvent', () => {
  it('upgrades an old event step by step to the current version', () => {
    // A made-up history: v1 called the prompt `prompt`, v2 renamed it to `text`.
    const upgrades = new Map<number, Upgrade>([
      [1, ({ prompt, ...rest }) => ({ ...rest, text: prompt })],
    ]);
    const result = migrateEvent({ v: 1, type: 'user', id: 'a', ts, prompt: 'hi' }, upgrades, 2);
    expect(result).toEqual({
      ok: true,
      newer: false,
      event: { v: 2, type: 'user', id: 'a', ts, text: 'hi' },
    });
  });

  it('names the version it cannot upgrade from', () => {
    expect(migrateEvent({ v: 1, type: 'user', id: 'a', ts, text: 'hi' }, new Map(), 3)).toEqual({
      ok: false,
      reason: 'no upgrade from schema version 1',
    });
  });

  it('loads current events untouched, unknown fields included', () => {
    const event = {
      v: SESSION_SCHEMA_VERSION,
      type: 'checkpoint',
      id: 'a',
      ts,
      summary: 's',
      tokensSaved: 9000,
    };
    expect(migrateEvent(event)).toEqual({ ok: true, newer: false, event });
  });

  it('checks the undo events and the user display text', () => {
    const hash = 'a'.repeat(64);
    const snapshot = {
      v: SESSION_SCHEMA_VERSION,
      type: 'file_snapshot',
      id: 'b',
      ts,
      path: 'a.ts',
      before: null,
      after: hash,
    };
    expect(migrateEvent(snapshot)).toEqual({ ok: true, newer: false, event: snapshot });
    expect(migrateEvent({ ...snapshot, after: 'nope' })).toEqual({
      ok: false,
      reason: 'file_snapshot: "after": neither a content hash nor null',
    });
    // The workspace root an edit was made in is optional: files without it keep loading.
    const placed = { ...snapshot, workspace: '/home/dev/service' };
    expect(migrateEvent(placed)).toEqual({ ok: true, newer: false, event: placed });
    expect(migrateEvent({ ...snapshot, workspace: 7 })).toEqual({
      ok: false,
      reason: 'file_snapshot: "workspace": expected string, received number',
    });
    const undo = {
      v: SESSION_SCHEMA_VERSION,
      type: 'undo',
      id: 'c',
      ts,
      turn: 'a',
      paths: ['a.ts'],
    };
    expect(migrateEvent(undo)).toEqual({ ok: true, newer: false, event: undo });
    expect(migrateEvent({ ...undo, paths: [1] })).toMatchObject({ ok: false });
    const user = {
      v: SESSION_SCHEMA_VERSION,
      type: 'user',
      id: 'd',
      ts,
      text: 'long',
      display: '!ls',
    };
    expect(migrateEvent(user)).toEqual({ ok: true, newer: false, event: user });
    expect(migrateEvent({ ...user, display: 3 })).toEqual({
      ok: false,
      reason: 'user: "display": expected string, received number',
    });
  });

  it('reads MCP elicitation events and refuses malformed ones with a reason', () => {
    const form = {
      v: SESSION_SCHEMA_VERSION,
      type: 'elicitation',
      id: 'e',
      ts,
      server: 'everything',
      mode: 'form',
      message: 'Who?',
      action: 'accept',
      fields: [{ key: 'name', question: 'Name', answer: 'Ada' }],
    };
    expect(migrateEvent(form)).toEqual({ ok: true, newer: false, event: form });
    const url = { ...form, mode: 'url', url: 'https://example.com', fields: undefined };
    expect(migrateEvent(url).ok).toBe(true);
    expect(migrateEvent({ ...form, action: 'maybe' })).toEqual({
      ok: false,
      reason: 'elicitation: "action": unknown action',
    });
    expect(migrateEvent({ ...form, fields: [{ key: 1 }] })).toMatchObject({ ok: false });
    expect(migrateEvent({ ...url, url: undefined })).toMatchObject({ ok: false });
  });
});
