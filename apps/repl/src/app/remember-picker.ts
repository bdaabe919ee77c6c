import type { DecisionScope, KeptAnswer } from '@agent/runtime';
import type { Key } from '../input/key';
import type { Line } from '../text/line';
import type { ModalList } from './open-picker';
import { PickList, type PickItem, type PickOutcome } from './pick-list';

type Row = { kind: 'answer'; index: number } | { kind: 'keep'; scope: DecisionScope };

/** What the person chose in `/remember`: the answers ticked, and where they apply. */
export interface RememberChoice {
  answers: KeptAnswer[];
  scope: DecisionScope;
}

/**
 * `/remember`'s picker: one row per answer of the last questionnaire, ticked or not (Space or
 * Enter toggles), then two rows that keep the ticked answers for this project or for every
 * project. Every answer starts unticked: nothing is kept that the person did not tick.
 */
export class RememberPicker implements ModalList<RememberChoice> {
  private readonly ticked: boolean[];
  private readonly list: PickList<Row>;

  constructor(private readonly answers: readonly KeptAnswer[]) {
    this.ticked = answers.map(() => false);
    this.list = new PickList(
      'Remember which answers? · Space ticks · Enter on a keep row saves · Esc closes',
      this.items(),
    );
  }

  get done(): boolean {
    return this.list.done;
  }

  set done(value: boolean) {
    this.list.done = value;
  }

  render(width: number): Line[] {
    return this.list.render(width);
  }

  handleKey(key: Key): PickOutcome<RememberChoice> {
    if (this.list.done) return { type: 'ignored' };
    const row = this.rows()[this.list.selected];
    if ((key.name === 'space' || key.name === 'enter') && row?.kind === 'answer') {
      this.ticked[row.index] = !this.ticked[row.index];
      this.list.setItems(this.items());
      return { type: 'changed' };
    }
    if (key.name === 'space') return { type: 'ignored' };
    if (key.name === 'enter' && row?.kind === 'keep' && !this.ticked.some(Boolean)) {
      return { type: 'key', name: 'none-ticked' };
    }
    const outcome = this.list.handleKey(key);
    if (outcome.type !== 'picked') return outcome as PickOutcome<RememberChoice>;
    if (outcome.value.kind !== 'keep') return { type: 'ignored' };
    const answers = this.answers.filter((_, i) => this.ticked[i]);
    return { type: 'picked', value: { answers, scope: outcome.value.scope } };
  }

  private rows(): Row[] {
    return [
      ...this.answers.map((_, index): Row => ({ kind: 'answer', index })),
      { kind: 'keep', scope: 'project' },
      { kind: 'keep', scope: 'global' },
    ];
  }

  private items(): PickItem<Row>[] {
    return this.rows().map((row) => {
      if (row.kind === 'keep') {
        const count = this.ticked.filter(Boolean).length;
        const where = row.scope === 'project' ? 'for this project' : 'for every project';
        const what =
          count === 0
            ? `Keep the ticked answers ${where} (none ticked yet)`
            : `Keep ${count === 1 ? 'the ticked answer' : `the ${count} ticked answers`} ${where}`;
        return { value: row, label: what, group: 'Save' };
      }
      const kept = this.answers[row.index]!;
      const mark = this.ticked[row.index] ? '[✓]' : '[ ]';
      return {
        value: row,
        label: `${mark} ${kept.question} → ${JSON.stringify(kept.answer)}`,
        group: 'Answers of the last questionnaire',
      };
    });
  }
}
