import type { MentionList } from '../input/mention-list';
import { plain, type Line } from '../text/line';
import { sanitize } from '../text/sanitize';
import { padEndToWidth, truncateToWidth } from '../text/width';

/**
 * The `@` list's rows under the prompt, at most `size`: the matches (the selected one
 * highlighted, arrows where the list scrolls), or one dim line while the workspace is indexed,
 * when nothing matches, or when it could not be listed.
 */
export function mentionRows(list: MentionList, width: number, size: number): Line[] {
  if (list.note !== undefined) {
    const query = sanitize(list.query);
    const text =
      list.note === 'indexing'
        ? '  @ indexing workspace files…'
        : list.note === 'failed'
          ? `  @ cannot list the workspace: ${sanitize(list.index?.error ?? 'unknown error')}`
          : `  @ no workspace file matches ${query}`;
    return [plain(truncateToWidth(text, width), 'dim')];
  }
  const { items, first } = list.window(size);
  return items.map((path, i) => {
    const index = first + i;
    const more =
      (i === 0 && first > 0) || (i === items.length - 1 && index < list.items.length - 1);
    const arrow = !more ? ' ' : i === 0 ? '↑' : '↓';
    const text = truncateToWidth(`${arrow} @${sanitize(path)}`, width);
    return index === list.selected ? plain(padEndToWidth(text, width), 'selected') : plain(text);
  });
}
