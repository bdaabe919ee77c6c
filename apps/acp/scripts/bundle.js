// Bundles the editor's agent (see scripts/bundle-app.js at the root): the bin dist/agent-acp.js
// loads dist/agent.js, whose main() the REPL's `agent --acp` runs too. The ACP SDK, an ES
// module, stays outside: src/sdk.ts loads it with import() from the app's node_modules.
'use strict';
const path = require('node:path');
const { runBundle } = require('../../../scripts/bundle-app.js');

runBundle({ dir: path.resolve(__dirname, '..'), bin: 'agent-acp', esbuild: require('esbuild') });
