// `--continue` of a generated 5,000-turn session compacted 100 turns ago: launch to its painted
// replay, side by side with a new session's first painted prompt, both under a pseudo-terminal.
// Target: the replay is on screen within 1.5 s.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeLongSession } from '@agent/testkit';
import { distPath, type BenchRow } from './row';
import { median, underPty } from './startup';

const MAIN = distPath('main.js');
const PAINT_BOUND_MS = 1500;

export async function main(runs = 7): Promise<BenchRow[]> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'repl-resume-bench-'));
  const home = path.join(root, 'home');
  const fresh = path.join(root, 'new');
  const long = path.join(root, 'long');
  for (const dir of [path.join(home, 'sessions'), fresh, long]) mkdirSync(dir, { recursive: true });
  const id = '2026-11-30T00-00-00-b5e5';
  writeLongSession(path.join(home, 'sessions', `${id}.jsonl`), {
    turns: 5000,
    compactedTurnsAgo: 100,
    cwd: long,
    model: 'bench-model',
  });
  const env = {
    PATH: process.env.PATH,
    HOME: root,
    AGENT_HOME: home,
    TERM: 'xterm-256color',
    OPENAI_API_KEY: 'bench',
  };
  const node = JSON.stringify(process.execPath);
  const start = (cwd: string, more: string) =>
    `${node} ${JSON.stringify(MAIN)} --cwd ${JSON.stringify(cwd)} ${more}`;
  const newPaint: number[] = [];
  const replayPaint: number[] = [];
  try {
    for (let i = 0; i <= runs; i++) {
      const first = await underPty(
        start(fresh, '--provider openai-chat --model bench-model'),
        env,
        'Type a message',
      );
      const replay = await underPty(start(long, '--continue'), env, `Resumed session ${id}`);
      if (i === 0) continue; // warm-up
      newPaint.push(first);
      replayPaint.push(replay);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const replay = median(replayPaint);
  const first = median(newPaint);
  return [
    {
      name: '--continue to painted replay (5,000 turns, compacted 100 ago)',
      value: `${replay.toFixed(0)} ms (${(replay / first).toFixed(2)}x a new session)`,
      baseline: `new session's first paint: ${first.toFixed(0)} ms; bound ${PAINT_BOUND_MS} ms`,
      ratio: replay / PAINT_BOUND_MS,
      target: 1,
    },
  ];
}

if (require.main === module) {
  void main().then((rows) => console.table(rows));
}
