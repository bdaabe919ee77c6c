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
 * keys that move. On the "deny" row letters write the reason, so j/k and the letters are not
 * offered there (Esc is then the same as Enter, so it is not offered either).
 */
export function permissionHint(
  selected: ApprovalChoice,
  reason: string,
  scrollable: boolean,
): string {
  if (selected.id === 'deny') {
    const enter = reason.trim() ? 'Enter denies with the reason' : 'type a reason · Enter denies';
    return `${enter} · ${scrollable ? 'PgUp/PgDn scroll · Ctrl+O all' : '↑↓ selects'}`;
  }
  const moves = scrollable ? 'PgUp/PgDn j/k scroll · Ctrl+O all' : '↑↓ or a letter selects';
  return `${ENTER[selected.kind]} · ${moves} · Esc denies`;
}
