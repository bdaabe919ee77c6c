/** A wire turn whose content is a list of blocks. */
export interface BlockTurn<B> {
  role: 'user' | 'assistant';
  content: B[];
}

/**
 * Builds alternating, non-empty turns (as the Anthropic and Bedrock wires require): `push`
 * merges blocks into the previous turn when it has the same role and ignores an empty list.
 */
export class RoleTurns<B> {
  readonly turns: BlockTurn<B>[] = [];

  push(role: BlockTurn<B>['role'], blocks: B[]): void {
    if (blocks.length === 0) return;
    const last = this.turns[this.turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else this.turns.push({ role, content: blocks });
  }
}
