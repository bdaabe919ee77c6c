import type { SessionInfo } from '@agent/session';
import { truncateToWidth } from '../text/width';

const PROMPT_WIDTH = 40;

/** `12s`, `5m`, `3h`, `2d` ago, or the date for anything older than a month. */
export function formatAge(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)}d ago`;
  return then.toISOString().slice(0, 10);
}

/** `812 B`, `4.2 KB`, `1.3 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One line of /sessions: id, age, first prompt (cut to whole clusters), provider/model, size. */
export function sessionLine(session: SessionInfo, now: Date, currentId?: string): string {
  const prompt = (session.firstPrompt ?? '(no prompt)').replace(/\s+/g, ' ');
  const cut = truncateToWidth(prompt, PROMPT_WIDTH);
  const model =
    session.provider || session.model
      ? `${session.provider ?? '?'}/${session.model ?? '?'}`
      : 'unknown model';
  const current = session.id === currentId ? ' (current)' : '';
  return `  ${session.id}  ${formatAge(session.updatedAt, now)}  ${cut}  · ${model} · ${formatSize(session.size)}${current}`;
}
