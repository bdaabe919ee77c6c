/** A key press as the painters deliver it (blessed's shape, trimmed to what we read). */
export interface Key {
  name?: string;
  ch?: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  /** e.g. `C-c`, `S-tab`, `enter`. */
  full?: string;
}

/** A printable character carried by `key`, if any. */
export function printable(key: Key): string | undefined {
  if (key.ctrl || key.meta) return undefined;
  const ch = key.ch;
  if (!ch || ch.length === 0) return undefined;
  if (/^[\x00-\x1f\x7f]/.test(ch)) return undefined;
  return ch;
}

export function isNewlineKey(key: Key): boolean {
  return (
    key.name === 'linefeed' ||
    key.full === 'C-j' ||
    (key.name === 'enter' && (key.shift || key.meta)) ||
    (key.name === 'return' && key.meta === true)
  );
}

export function isSubmitKey(key: Key): boolean {
  return key.name === 'enter' && !key.shift && !key.meta;
}
