import type { ApprovalChoice } from '@agent/runtime';

/** What Enter does on a row of the card. */
const ENTER: Record<ApprovalChoice['kind'], string> = {
  allow_once: 'Enter approves',
  allow_always: 'Enter approves always',
  reject_always: 'Enter denies always',
  reject_once: 'Enter denies',
};

/**
 * The status line's hint for a permission card: what Enter does for the `selected` row, then the
 * keys that move. On the "deny" row `writingReason` (letters write the reason), j/k and the letters
 * are not offered (Esc is then the same as Enter, so it is not offered either); picked by its "n",
 * the row says that Space starts the reason.
 */
export function permissionHint(
  selected: ApprovalChoice,
  reason: string,
  scrollable: boolean,
  writingReason: boolean,
): string {
  const denies = reason.trim() ? 'Enter denies with the reason' : 'Enter denies';
  if (selected.id === 'deny' && writingReason) {
    const enter = reason.trim() ? denies : 'type a reason · Enter denies';
    return `${enter} · ${scrollable ? 'PgUp/PgDn scroll · Ctrl+O all' : '↑↓ selects'}`;
  }
  const moves = scrollable ? 'PgUp/PgDn j/k scroll · Ctrl+O all' : '↑↓ or a letter selects';
  if (selected.id === 'deny') return `${denies} · Space, then a reason · ${moves}`;
  return `${ENTER[selected.kind]} · ${moves} · Esc denies`;
}
