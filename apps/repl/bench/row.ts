import path from 'node:path';

/** One row of the `pnpm bench` table: a figure, its baseline and the ratio against a target. */
export interface BenchRow {
  name: string;
  value: string;
  baseline: string;
  ratio: number;
  target: number;
}

/** A file of the built app (`dist`), seen from this file's compiled copy in `.cache/bench`. */
export function distPath(...parts: string[]): string {
  return path.join(__dirname, '..', '..', 'dist', ...parts);
}
