// Builds what an app needs before `pnpm --filter APP start` runs it from the checkout: turbo
// replays its cache when nothing changed, and rebuilds what did. While it builds, each task turbo
// starts is shown as a step ("Building @agent/cli (1/1)..."), counted from turbo's dry run, and
// the time it all took at the end; the rest of turbo's output goes to node_modules/.start-build.log,
// shown in full only if the build fails.
// Usage (from the app's folder): node ../../scripts/build-before-start.js FILTER DIST_FILE
'use strict';
const fs = require('node:fs');
const { spawn } = require('node:child_process');

const [filter, distFile] = process.argv.slice(2);
const logFile = 'node_modules/.start-build.log';
const started = Date.now();
const say = (line) => process.stderr.write(`${line}\n`);
if (!fs.existsSync(distFile)) say('First start: building the agent from its sources...');

const turboArgs = ['run', 'build', `--filter=${filter}`];

/** How many tasks turbo will run (not replay), from its dry run: resolves undefined if unknown. */
function tasksToRun() {
  return new Promise((resolve) => {
    const dry = spawn('turbo', [...turboArgs, '--dry=json'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let json = '';
    dry.stdout.on('data', (chunk) => (json += chunk));
    dry.on('error', () => resolve(undefined));
    dry.on('close', () => {
      try {
        resolve(JSON.parse(json).tasks.filter((task) => task.cache?.status !== 'HIT').length);
      } catch {
        resolve(undefined);
      }
    });
  });
}
// Steps wait for the dry run's count (it answers before the first build is done).
let total;
let counted = false;
const waiting = [];
const counting = tasksToRun().then((count) => {
  total = count;
  counted = true;
  waiting.splice(0).forEach(step);
});

/** Shows the `number`th task turbo runs. */
function step({ task, number }) {
  const count = total === undefined ? `${number}` : `${number}/${Math.max(total, number)}`;
  say(`Building ${task} (${count})...`);
}

const log = fs.createWriteStream(logFile);
const turbo = spawn('turbo', [...turboArgs, '--output-logs=hash-only'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let steps = 0;
let pending = '';
const watch = (chunk) => {
  log.write(chunk);
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const miss = /^(\S+?):build: cache miss, executing /.exec(line.trim());
    if (!miss) continue;
    steps += 1;
    if (counted) step({ task: miss[1], number: steps });
    else waiting.push({ task: miss[1], number: steps });
  }
};
turbo.stdout.on('data', watch);
turbo.stderr.on('data', watch);
turbo.on('error', (error) => {
  say(`cannot run turbo: ${error.message}`);
  process.exit(1);
});
turbo.on('close', async (code) => {
  await counting;
  log.end(() => {
    if (code !== 0) {
      process.stderr.write(fs.readFileSync(logFile, 'utf8'));
      process.exit(code ?? 1);
    }
    if (steps > 0) say(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
});
