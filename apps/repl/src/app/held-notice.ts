/**
 * The notice for held messages put back in the input (`count` of them, `more` still held behind
 * a `!command`): after an interrupt, or later, once the person's own prompt went first. Short
 * enough for the status line of an 80-column terminal.
 */
export function backInInput(back: { count: number; more: number; interrupted: boolean }): string {
  const { count, more, interrupted } = back;
  const one = count === 1;
  const what = interrupted
    ? `Interrupted: ${one ? 'your message is' : `${count} messages are`}`
    : one
      ? 'Your held message is'
      : `${count} held messages are`;
  const rest = more > 0 ? `; ${more} more held` : '';
  return `${what} back in the input (Enter sends ${one ? 'it' : 'them'}${rest}).`;
}
