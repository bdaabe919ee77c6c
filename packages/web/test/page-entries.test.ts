import type { CallEntry } from '@agent/session';
import { pageEntries } from '../src/page-events';

/** A call as a resumed session's transcript has it: left open by a crash, in `state`. */
function call(id: string, state: CallEntry['state']): CallEntry {
  return {
    kind: 'tool',
    id,
    name: 'write_file',
    title: 'write notes.md',
    input: { path: 'notes.md' },
    state,
    summary: '',
    steps: [],
    activity: { id, name: 'write_file', input: {}, status: 'pending', summary: '' },
  };
}

describe("the page's transcript of a resumed session", () => {
  it('shows a call offered again as waiting for the person, one left closed as interrupted', () => {
    const entries = pageEntries([call('again', 'open'), call('closed', 'interrupted')], new Map());
    expect(entries).toEqual([
      { kind: 'call', id: 'again', title: 'write notes.md', state: 'waiting' },
      { kind: 'call', id: 'closed', title: 'write notes.md', state: 'interrupted' },
    ]);
  });
});
