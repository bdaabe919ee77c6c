// `pnpm bench`: every REPL benchmark, one table. Ratios: startup vs `node -e 0` (target <= 4),
// key latency p95 vs one 16 ms frame (target <= 1), idle RSS vs 120 MB (target <= 1), the painted
// replay of a long resumed session vs 1.5 s (target <= 1).
import * as latency from './latency';
import * as resumePaint from './resume-paint';
import { distPath, type BenchRow } from './row';
import * as rss from './rss';
import * as startup from './startup';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const cardLatency = require(distPath('ask-user', 'card-latency.bench')) as {
  main(): Promise<BenchRow[]>;
};

const benches: Array<{ main(): Promise<BenchRow[]> }> = [
  startup,
  latency,
  cardLatency,
  rss,
  resumePaint,
];

async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const bench of benches) rows.push(...(await bench.main()));
  console.table(
    rows.map((row) => ({
      ...row,
      ratio: Number(row.ratio.toFixed(2)),
      ok: row.ratio <= row.target,
    })),
  );
  process.exit(0);
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
