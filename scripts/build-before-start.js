// Builds what an app needs before `pnpm --filter APP start` runs it from the checkout: turbo
// replays its cache when nothing changed, and rebuilds what did. A rebuild takes seconds to
// minutes, so the first task turbo has to run prints one line saying so; the rest of turbo's
// output goes to node_modules/.start-build.log, shown in full only if the build fails.
// Usage (from the app's folder): node ../../scripts/build-before-start.js FILTER DIST_FILE
'use strict';
const fs = require('node:fs');
const { spawn } = require('node:child_process');

const [filter, distFile] = process.argv.slice(2);
const logFile = 'node_modules/.start-build.log';
const firstBuild = !fs.existsSync(distFile);
if (firstBuild) process.stderr.write('First start: building the agent (about a minute)...\n');

const log = fs.createWriteStream(logFile);
const turbo = spawn('turbo', ['run', 'build', `--filter=${filter}...`, '--output-logs=hash-only'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let told = firstBuild;
let pending = '';
const watch = (chunk) => {
  log.write(chunk);
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop();
  const miss = lines.find((line) => / cache miss, executing /.test(line));
  if (miss && !told) {
    told = true;
    const task = miss.slice(0, miss.indexOf(': cache miss')).trim();
    process.stderr.write(`Rebuilding the agent (${task} changed)...\n`);
  }
};
turbo.stdout.on('data', watch);
turbo.stderr.on('data', watch);
turbo.on('error', (error) => {
  process.stderr.write(`cannot run turbo: ${error.message}\n`);
  process.exit(1);
});
turbo.on('close', (code) => {
  log.end(() => {
    if (code !== 0) {
      process.stderr.write(fs.readFileSync(logFile, 'utf8'));
      process.exit(code ?? 1);
    }
  });
});
