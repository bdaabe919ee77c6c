import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPL_MAIN } from './support/tmux-driver';

jest.setTimeout(60_000);

const PRELOAD = path.join(__dirname, 'support', 'first-paint-modules.js');

/**
 * Starts the built REPL under a pseudo-terminal (script(1), as bench/startup.ts does) and returns
 * the module files loaded when its first frame (the prompt) was written.
 */
async function modulesAtFirstPaint(): Promise<string[]> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'repl-first-paint-'));
  const file = path.join(home, 'modules.txt');
  const command = [process.execPath, '--require', PRELOAD, REPL_MAIN, '--provider', 'demo']
    .map((part) => JSON.stringify(part))
    .join(' ');
  const child = spawn('script', ['-qfec', `stty cols 100 rows 30; ${command}`, '/dev/null'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      AGENT_HOME: home,
      TERM: 'xterm-256color',
      FIRST_PAINT_MARKER: 'Type a message',
      FIRST_PAINT_MODULES_FILE: file,
    },
    stdio: ['pipe', 'pipe', 'ignore'],
    detached: true,
  });
  child.stdout.resume();
  try {
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (!fs.existsSync(file)) return;
        clearInterval(poll);
        resolve();
      }, 20);
      child.once('exit', () => {
        clearInterval(poll);
        if (fs.existsSync(file)) resolve();
        else reject(new Error('the REPL exited before its first frame'));
      });
    });
    return fs.readFileSync(file, 'utf8').split('\n');
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    fs.rmSync(home, { recursive: true, force: true });
  }
}

describe('the first frame', () => {
  it('loads the screen before the agent: no zod, no tools, no runtime, no provider code', async () => {
    const modules = await modulesAtFirstPaint();
    const of = (pattern: RegExp): string[] => modules.filter((file) => pattern.test(file));
    expect(of(/[\\/]zod[\\/]/)).toEqual([]);
    // The packages' main entries pull the agent in (tools, the loop, sessions, the runtime).
    expect(of(/packages[\\/]\w+[\\/]dist[\\/]index\.js$/)).toEqual([]);
    // What is left is what the screen and the start-up checks use: text guards, flags, config.
    expect(of(/packages[\\/]tools[\\/]/).length).toBeLessThanOrEqual(2);
    expect(of(/packages[\\/]llm[\\/]/).length).toBeLessThanOrEqual(30);
    expect(of(/packages[\\/]runtime[\\/]/).length).toBeLessThanOrEqual(10);
  });
});
