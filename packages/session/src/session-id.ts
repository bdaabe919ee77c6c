import { randomBytes } from 'node:crypto';

const ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-[0-9a-f]{4,}$/;

/**
 * A new session id that sorts by creation time: `2026-11-30T01-02-03-abcd` (UTC, then random
 * hex). Safe as a file name on every platform.
 */
export function newSessionId(now = new Date(), random = randomBytes(2).toString('hex')): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return `${stamp}-${random}`;
}

/** Whether `id` has the shape `newSessionId` produces. */
export function isSessionId(id: string): boolean {
  return ID_PATTERN.test(id);
}
