/**
 * The reason a waiting approval is withdrawn when the mode switched to (Shift+Tab on its card)
 * approves the call itself: the call runs, as if approved, and the card says so.
 */
export class ApprovedByMode extends Error {
  constructor(readonly mode: string) {
    super(`approved by the ${mode} mode`);
    this.name = 'ApprovedByMode';
  }
}
