// Preloaded with --require: writes every module file the process loaded to $TRACE_REQUIRES_FILE,
// including JavaScript files read and compiled outside require (the agent core's code cache).
'use strict';
const fs = require('node:fs');
const readJs = new Set();
const readFileSync = fs.readFileSync;
fs.readFileSync = function tracedReadFileSync(file, ...rest) {
  if (typeof file === 'string' && file.endsWith('.js')) readJs.add(file);
  return readFileSync.call(this, file, ...rest);
};
process.on('exit', () => {
  const loaded = new Set([...Object.keys(require.cache), ...readJs]);
  fs.writeFileSync(process.env.TRACE_REQUIRES_FILE, [...loaded].join('\n'));
});
