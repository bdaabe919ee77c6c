// Build step of @agent/tools: ships tree-sitter's bash grammar as the one file the shell parser
// loads (dist/grammars/tree-sitter-bash.wasm, 1.3 MB) with its MIT licence, copied from the
// tree-sitter-bash devDependency. Depending on tree-sitter-bash instead would install its native
// sources and prebuilds (20 MB) and an install script into every consumer's node_modules.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const from = path.dirname(require.resolve('tree-sitter-bash/package.json'));
const version = JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8')).version;
const to = path.join(__dirname, '..', 'dist', 'grammars');
fs.mkdirSync(to, { recursive: true });
fs.copyFileSync(path.join(from, 'tree-sitter-bash.wasm'), path.join(to, 'tree-sitter-bash.wasm'));
fs.writeFileSync(
  path.join(to, 'tree-sitter-bash.LICENSE'),
  `tree-sitter-bash.wasm is tree-sitter-bash ${version} (https://github.com/tree-sitter/tree-sitter-bash), under this licence:\n\n` +
    fs.readFileSync(path.join(from, 'LICENSE'), 'utf8'),
);
