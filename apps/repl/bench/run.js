// `pnpm bench`: every REPL benchmark, one table. Ratios: startup vs `node -e 0` (target <= 4),
// key latency p95 vs one 16 ms frame (target <= 1), idle RSS vs 120 MB (target <= 1).
const benches = [
  require('./startup'),
  require('./latency'),
  require('../dist/ask-user/card-latency.bench'),
  require('./rss'),
];

async function run() {
  const rows = [];
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

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
