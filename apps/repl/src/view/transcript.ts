import type { Line } from '../text/line';
import { widthGeneration } from '../text/width';
import { isAnimated, renderSegment } from './render-segment';
import type { Segment } from './segment';

interface CacheEntry {
  width: number;
  /** widthGeneration() when wrapped: the terminal's widths may be learnt later. */
  widths: number;
  frame: number;
  key: string | number | undefined;
  lines: Line[];
}

/**
 * The ordered segments of a conversation, with wrapped lines cached per segment and width.
 * Mutating a segment in place must be followed by `touch(segment)`; listeners are told so the
 * screen can schedule a paint.
 */
export class Transcript {
  private list: Segment[] = [];
  private readonly cache = new WeakMap<Segment, CacheEntry>();
  private readonly listeners = new Set<() => void>();

  add<S extends Segment>(segment: S): S {
    this.list.push(segment);
    this.changed();
    return segment;
  }

  /** Inserts `segment` right before `before` (or at the end when `before` is gone). */
  insertBefore<S extends Segment>(segment: S, before: Segment): S {
    const index = this.list.indexOf(before);
    if (index < 0) this.list.push(segment);
    else this.list.splice(index, 0, segment);
    this.changed();
    return segment;
  }

  touch(segment: Segment): void {
    this.cache.delete(segment);
    this.changed();
  }

  remove(segment: Segment): void {
    const index = this.list.indexOf(segment);
    if (index >= 0) this.list.splice(index, 1);
    this.changed();
  }

  clear(): void {
    this.list = [];
    this.changed();
  }

  get segments(): readonly Segment[] {
    return this.list;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Wrapped lines of one segment, from the cache when still valid. */
  linesOf(segment: Segment, width: number, frame: number): Line[] {
    const animated = isAnimated(segment);
    const key = segment.kind === 'custom' ? segment.layoutKey?.() : undefined;
    const hit = this.cache.get(segment);
    const widths = widthGeneration();
    if (
      hit &&
      hit.width === width &&
      hit.widths === widths &&
      hit.key === key &&
      (!animated || hit.frame === frame)
    ) {
      return hit.lines;
    }
    const lines = renderSegment(segment, width, frame);
    this.cache.set(segment, { width, widths, frame, key, lines });
    return lines;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
