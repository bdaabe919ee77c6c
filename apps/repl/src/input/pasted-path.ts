import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one file path a paste is, as terminals paste a dropped file or a copied screenshot path:
 * `/abs/shot.png`, `~/shot.png`, `'/with spaces/shot.png'` or `"…"`, `/with\ spaces/shot.png`,
 * `file:///abs/shot%20one.png`. Undefined for anything else (text, several lines, several paths).
 */
export function pastedFilePath(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || /[\r\n]/.test(trimmed)) return undefined;
  if (trimmed.startsWith('file://')) {
    try {
      return fileURLToPath(trimmed);
    } catch {
      return undefined;
    }
  }
  let candidate: string;
  const quoted = /^(['"])(.*)\1$/.exec(trimmed);
  if (quoted) candidate = quoted[2]!;
  else if (/(?<!\\)\s/.test(trimmed)) return undefined;
  else candidate = trimmed.replace(/\\(.)/g, '$1');
  if (candidate.startsWith('~/')) return path.join(os.homedir(), candidate.slice(2));
  return path.isAbsolute(candidate) ? candidate : undefined;
}
