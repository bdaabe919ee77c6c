import type { SessionEvent } from '@agent/session';
import { lineText } from '../text/line';
import { Transcript } from '../view/transcript';
import { TranscriptView } from '../view/transcript-view';
import { createTaskTool } from '@agent/subagents';
import { ToolRegistry, createWorkspaceTools } from '@agent/tools';
import { registryTitles } from '@agent/runtime';
import { replaySegments } from './replay';

const base = { v: 1, id: 'e', ts: '2026-01-01T00:00:00.000Z' };

describe('replaySegments', () => {
  it('replays from the last checkpoint: prompts, answers and tool calls as finished status lines; dangling calls as interrupted', () => {
    const events = [
      { ...base, type: 'session_start', cwd: '/w', provider: 'demo', model: 'demo' },
      { ...base, type: 'user', text: 'long ago' },
      {
        ...base,
        type: 'assistant',
        message: { role: 'assistant', text: 'Done then.', toolCalls: [] },
      },
      { ...base, type: 'checkpoint', summary: 'first fold' },
      { ...base, type: 'user', text: 'and then' },
      { ...base, type: 'checkpoint', summary: 'second fold' },
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
    ] as unknown as SessionEvent[];
    const transcript = new Transcript();
    for (const segment of replaySegments(events, [{ line: 9, reason: 'torn line' }], [])) {
      transcript.add(segment);
    }
    expect(new TranscriptView(transcript).render(60, 20).map(lineText)).toEqual([
      '(skipped line 9: torn line)',
      '── 2 earlier turns compacted into a summary ──',
      '',
      '› fix it',
      'Reading.',
      '✓ Ran read_file',
      '  ⎿ read 3 lines of a.ts',
      '■ Interrupted run_shell',
    ]);
  });

  it('shows how each turn that did not end normally ended, as it showed live', () => {
    const events = [
      { ...base, type: 'user', text: 'first' },
      { ...base, type: 'turn_end', reason: 'interrupted' },
      { ...base, type: 'user', text: 'second' },
      {
        ...base,
        type: 'assistant',
        message: { role: 'assistant', text: 'Half an answer', toolCalls: [] },
      },
      { ...base, type: 'turn_end', reason: 'stopped' },
      { ...base, type: 'user', text: 'third' },
      { ...base, type: 'turn_end', reason: 'error' },
      { ...base, type: 'user', text: 'fourth' },
      { ...base, type: 'assistant', message: { role: 'assistant', text: 'Done.', toolCalls: [] } },
    ] as unknown as SessionEvent[];
    const transcript = new Transcript();
    for (const segment of replaySegments(events, [], [])) transcript.add(segment);
    expect(
      new TranscriptView(transcript)
        .render(60, 20)
        .map(lineText)
        .filter((line) => line !== ''),
    ).toEqual([
      '› first',
      '■ Interrupted. Tell the agent what to do instead.',
      '› second',
      'Half an answer',
      '■ Stopped before the next step. Send a message to go on.',
      '› third',
      '✗ The turn failed.',
      '› fourth',
      'Done.',
    ]);
  });

  it('titles replayed calls as their live status lines did (the path, the command)', () => {
    const events = [
      {
        ...base,
        type: 'assistant',
        message: {
          role: 'assistant',
          text: '',
          toolCalls: [
            {
              id: 'a',
              name: 'read_file',
              input: { path: 'src/a.ts' },
              status: 'pending',
              summary: '',
            },
            {
              id: 'b',
              name: 'run_shell',
              input: { command: 'npm test' },
              status: 'pending',
              summary: '',
            },
            { id: 'c', name: 'read_file', input: { nope: 1 }, status: 'pending', summary: '' },
          ],
        },
      },
      ...['a', 'b', 'c'].map((callId) => ({
        ...base,
        type: 'tool_end',
        callId,
        status: 'ok',
        summary: '',
      })),
    ] as unknown as SessionEvent[];
    const transcript = new Transcript();
    const titles = registryTitles(new ToolRegistry(createWorkspaceTools()));
    for (const segment of replaySegments(events, [], [], titles)) transcript.add(segment);
    expect(new TranscriptView(transcript).render(60, 20).map(lineText)).toEqual([
      '✓ Ran read src/a.ts',
      '✓ Ran $ npm test',
      '✓ Ran read_file',
    ]);
  });

  it("replays a subagent's recorded steps under its task line, folded to the latest", () => {
    const events = [
      {
        ...base,
        type: 'assistant',
        message: {
          role: 'assistant',
          text: '',
          toolCalls: [
            {
              id: 't',
              name: 'task',
              input: { description: 'find the loader', prompt: 'p', agent: 'explore' },
              status: 'pending',
              summary: '',
            },
          ],
        },
      },
      ...['list .', 'grep config', 'read a.ts', 'read b.ts'].map((text) => ({
        ...base,
        type: 'tool_progress',
        callId: 't',
        text,
      })),
      { ...base, type: 'tool_end', callId: 't', status: 'ok', summary: 'explore: 4 tool calls' },
    ] as unknown as SessionEvent[];
    const transcript = new Transcript();
    const titles = registryTitles(
      new ToolRegistry([createTaskTool({ provider: {} as never, profiles: new Map() })]),
    );
    for (const segment of replaySegments(events, [], [], titles)) transcript.add(segment);
    const view = new TranscriptView(transcript);
    expect(view.render(60, 20).map(lineText)).toEqual([
      '✓ Ran explore: find the loader',
      '  ⎿ explore: 4 tool calls',
      '    … 1 earlier step (Ctrl+O)',
      '  ⎿ grep config',
      '  ⎿ read a.ts',
      '  ⎿ read b.ts',
    ]);
    const subagent = transcript.segments.find((s) => s.kind === 'subagent')!;
    if (subagent.kind === 'subagent') subagent.folded = false;
    transcript.touch(subagent);
    expect(view.render(60, 20).map(lineText).slice(2)).toEqual([
      '  ⎿ list .',
      '  ⎿ grep config',
      '  ⎿ read a.ts',
      '  ⎿ read b.ts',
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
        (call) =>
          call.name === 'ask_user' ? { kind: 'info', text: 'Asked: which db?' } : undefined,
      ],
    );
    expect(segments).toEqual([{ kind: 'info', text: 'Asked: which db?' }]);
  });

  it('hands a call that never ended (a crash) to extensions as interrupted', () => {
    const events = [
      {
        ...base,
        type: 'assistant',
        message: {
          role: 'assistant',
          text: '',
          toolCalls: [{ id: 'q', name: 'ask_user', input: {}, status: 'pending', summary: '' }],
        },
      },
    ] as unknown as SessionEvent[];
    const seen: string[] = [];
    replaySegments(events, [], [(call) => (seen.push(call.activity.status), undefined)]);
    expect(seen).toEqual(['interrupted']);
  });

  it("replays a ! command's output, a prompt's attached files and an /undo as shown live", () => {
    const events = [
      {
        ...base,
        id: 'u1',
        type: 'user',
        display: '!echo hi',
        text: 'I ran this shell command in the workspace myself:\n$ echo hi\nhi\n\n[exit code 0]',
        shell: { command: 'echo hi', status: 'ok', summary: 'exit code 0', output: 'hi' },
      },
      {
        ...base,
        id: 'u2',
        type: 'user',
        display: 'look at @README.md',
        text: 'look at @README.md\n\nFiles the person attached:\n<file path="README.md">\na\nb\n</file>',
      },
      { ...base, id: 'u3', type: 'user', text: 'edit' },
      { ...base, id: 'f1', type: 'file_snapshot', path: 'new.md', before: null, after: 'h1' },
      { ...base, id: 'f2', type: 'file_snapshot', path: 'old.md', before: 'h0', after: 'h2' },
      { ...base, id: 'un', type: 'undo', turn: 'u3', paths: ['new.md', 'old.md'] },
      { ...base, id: 'u4', type: 'user', display: '/undo', text: 'I undid your file changes…' },
    ] as unknown as SessionEvent[];
    const transcript = new Transcript();
    for (const segment of replaySegments(events, [], [])) transcript.add(segment);
    expect(new TranscriptView(transcript).render(70, 30).map(lineText)).toEqual([
      '',
      '› !echo hi',
      '✓ ! echo hi · exit 0',
      '    hi',
      '',
      '› look at @README.md',
      '@README.md (2 lines)',
      '',
      '› edit',
      'Undone: restored old.md; removed new.md (created by that turn).',
    ]);
  });

  it("replays a long ! command's output folded, as it was shown live (Ctrl+O shows all)", () => {
    const output = Array.from({ length: 10 }, (_, i) => String(i + 1)).join('\n');
    const events = [
      {
        ...base,
        id: 'u1',
        type: 'user',
        display: '!seq 1 10',
        text: `I ran this shell command in the workspace myself:\n$ seq 1 10\n${output}\n\n[exit code 0]`,
        shell: { command: 'seq 1 10', status: 'ok', summary: 'exit code 0', output },
      },
    ] as unknown as SessionEvent[];
    const transcript = new Transcript();
    for (const segment of replaySegments(events, [], [])) transcript.add(segment);
    expect(new TranscriptView(transcript).render(70, 30).map(lineText)).toEqual([
      '',
      '› !seq 1 10',
      '✓ ! seq 1 10 · exit 0',
      '    … +6 lines (Ctrl+O)',
      '    7',
      '    8',
      '    9',
      '    10',
    ]);
  });
});
