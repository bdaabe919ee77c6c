import type { Key } from '../input/key';
import { lineText } from '../text/line';
import { PickList } from './pick-list';

const key = (name: string, ch?: string): Key => ({ name, ...(ch ? { ch } : {}) }) as Key;
const type = (list: PickList<string>, text: string) => {
  for (const ch of text) list.handleKey(key(ch, ch));
};
const text = (list: PickList<string>) => list.render(60).map(lineText).join('\n');

const FRUIT = ['apple pie', 'banana bread', 'cherry tart'].map((label) => ({
  value: label,
  label,
}));

describe('PickList', () => {
  it('a list with filterText narrows to the items every typed word matches, and Enter picks among them', () => {
    const list = new PickList('Fruit', FRUIT, { filterText: (item) => item.label, empty: 'none' });
    type(list, 'BREAD');
    expect(list.shown.map((item) => item.value)).toEqual(['banana bread']);
    expect(text(list)).toContain('filter: BREAD');
    expect(list.handleKey(key('enter'))).toEqual({ type: 'picked', value: 'banana bread' });
  });

  it('Backspace and a paste edit the filter, and the selection starts again at the top', () => {
    const list = new PickList('Fruit', FRUIT, { filterText: (item) => item.label, empty: 'none' });
    list.handleKey(key('down'));
    expect(list.paste('zzz')).toEqual({ type: 'changed' });
    expect(list.selected).toBe(0);
    expect(text(list)).toContain('none');
    for (let i = 0; i < 3; i++) list.handleKey(key('backspace'));
    expect(list.shown).toHaveLength(3);
    expect(list.handleKey(key('backspace'))).toEqual({ type: 'ignored' });
  });

  it('a list without filterText reports its extra keys and ignores typing and pastes', () => {
    const list = new PickList('Fruit', FRUIT, { keys: ['a'] });
    expect(list.handleKey(key('a', 'a'))).toEqual({ type: 'key', name: 'a' });
    expect(list.handleKey(key('b', 'b'))).toEqual({ type: 'ignored' });
    expect(list.paste('apple')).toEqual({ type: 'ignored' });
    expect(text(list)).not.toContain('filter:');
  });
});
