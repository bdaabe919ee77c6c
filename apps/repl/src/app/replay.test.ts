import type { SessionEvent } from '@agent/session';
import { lineText } from '../text/line';
import { Transcript } from '../view/transcript';
import { TranscriptView } from '../view/transcript-view';
import { replaySegments } from './replay';

const base = { v: 1, id: 'e', ts: '2026-01-01T00:00:00.000Z' };

describe('replaySegments', () => {
  it('replays prompts, answers and tool calls as finished status lines; dangling calls as interrupted', () => {
    const events = [
      { ...base, type: 'session_start', cwd: '/w', provider: 'demo', model: 'demo' },
      { ...base, type: 'user', text: 'fix it' },
      {
        ...base,
        type: 'assistant',
        message: {
          role: 'assistant',
          text: 'Reading.',
          toolCalls: [
            { id: 'a', name: 'read_file', input: {}, status: 'pending', summary: '' },
            { id: 'b', name: 'run_shell', input: {}, status: 'pending', summary: '' },
          ],
        },
      },
      { ...base, type: 'tool_end', callId: 'a', status: 'ok', summary: 'read 3 lines of a.ts' },
      { ...base, type: 'checkpoint', summary: 'earlier' },
    ] as unknown as SessionEvent[];
    const transcript = new Transcript();
    for (const segment of replaySegments(events, [{ line: 9, reason: 'torn line' }], [])) {
      transcript.add(segment);
    }
    expect(new TranscriptView(transcript).render(60, 20).map(lineText)).toEqual([
      '(skipped line 9: torn line)',
      '',
      '› fix it',
      'Reading.',
      '✓ Ran read_file',
      '  ⎿ read 3 lines of a.ts',
      '■ Ran run_shell',
      '── earlier conversation compacted into a summary ──',
    ]);
  });

  it('lets an extension draw its own tool calls', () => {
    const events = [
      {
        ...base,
        type: 'assistant',
        message: {
          role: 'assistant',
          text: '',
          toolCalls: [{ id: 'q', name: 'ask_user', input: {}, status: 'ok', summary: '' }],
        },
      },
    ] as unknown as SessionEvent[];
    const segments = replaySegments(
      events,
      [],
      [
        (activity) =>
          activity.name === 'ask_user' ? { kind: 'info', text: 'Asked: which db?' } : undefined,
      ],
    );
    expect(segments).toEqual([{ kind: 'info', text: 'Asked: which db?' }]);
  });
});
