/** One matching line. */
export interface GrepHit {
  file: string;
  /** 0-based line index. */
  index: number;
  text: string;
}

/**
 * Counts the matching lines of a search and keeps the first `room` of them in file order (files
 * sorted as a listing sorts them, then by line), however many match and in whatever order they
 * arrive: memory stays bounded by `room`.
 */
export class GrepTally {
  total = 0;
  private readonly files = new Set<string>();
  private kept: GrepHit[] = [];

  constructor(private readonly room: number) {}

  /** Records that `count` lines of `file` matched, `hits` being some of them. */
  add(file: string, count: number, hits: Iterable<GrepHit>): void {
    if (count === 0) return;
    this.total += count;
    this.files.add(file);
    for (const hit of hits) this.kept.push(hit);
    if (this.kept.length > this.room * 4) this.trim();
  }

  get matchedFiles(): number {
    return this.files.size;
  }

  /** The first `room` hits in order. */
  hits(): GrepHit[] {
    this.trim();
    return this.kept;
  }

  private trim(): void {
    this.kept.sort(byPlace);
    if (this.kept.length > this.room) this.kept.length = this.room;
  }
}

function byPlace(a: GrepHit, b: GrepHit): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.index - b.index;
}
