// Runs first in a package's `build`: tsc never deletes the output of a source that was removed
// or renamed, and turbo caches whatever dist/ holds, so a stale file would live on in every
// restored build (and the prepack guard would refuse to pack it).
'use strict';
require('node:fs').rmSync(require('node:path').join(process.cwd(), 'dist'), {
  recursive: true,
  force: true,
});
