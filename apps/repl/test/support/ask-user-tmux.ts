import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive, type RecordedRequest } from '@agent/testkit';
import type { ReplTmuxBed } from './repl-tmux-bed';

/** The tool result the request pairs with call `id`. */
export function toolMessage(request: RecordedRequest | undefined, id: string): unknown {
  const messages = (request?.body?.messages ?? []) as Array<Record<string, unknown>>;
  return messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content;
}

/** Every session file under `sessions`, as one string ('' before the first exists). */
export function sessionText(sessions: string): string {
  if (!existsSync(sessions)) return '';
  return readdirSync(sessions)
    .map((name) => readFileSync(path.join(sessions, name), 'utf8'))
    .join('');
}

/** kill -9 of the bed's REPL, then its terminal; resolves once the process is gone (its lock free). */
export async function killRepl(bed: ReplTmuxBed): Promise<void> {
  const shell = bed.driver.run('display-message', '-p', '-t', bed.session, '#{pane_pid}').trim();
  const pid = execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim().split('\n')[0]!;
  process.kill(Number(pid), 'SIGKILL');
  bed.driver.run('kill-session', '-t', bed.session);
  for (let i = 0; i < 400 && isAlive(Number(pid)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
