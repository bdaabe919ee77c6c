// Bundles the headless runner (see scripts/bundle-app.js at the root): the bin dist/agent-run.js
// loads dist/agent.js.
'use strict';
const path = require('node:path');
const { runBundle } = require('../../../scripts/bundle-app.js');

runBundle({
  dir: path.resolve(__dirname, '..'),
  bin: 'agent-run',
  note: 'headless must never reach @agent/askuser',
  esbuild: require('esbuild'),
});
