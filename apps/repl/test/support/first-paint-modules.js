// Preloaded with --require by first-paint-modules.test.ts: once the prompt's placeholder has been
// written to the terminal (the first frame), writes every module file loaded so far to
// $FIRST_PAINT_MODULES_FILE, one a line.
'use strict';
const fs = require('node:fs');
const write = process.stdout.write.bind(process.stdout);
let seen = '';
let done = false;
process.stdout.write = function (chunk, ...rest) {
  if (!done) {
    seen += String(chunk);
    if (seen.includes(process.env.FIRST_PAINT_MARKER)) {
      done = true;
      fs.writeFileSync(process.env.FIRST_PAINT_MODULES_FILE, Object.keys(require.cache).join('\n'));
    }
  }
  return write(chunk, ...rest);
};
