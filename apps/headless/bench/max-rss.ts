// Preloaded (--require) into a benchmarked process: its peak RSS (KB) goes to BENCH_MAX_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MAX_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
