// Preloaded with --require: writes every module file the process loaded to $TRACE_REQUIRES_FILE.
'use strict';
const fs = require('node:fs');
process.on('exit', () => {
  fs.writeFileSync(process.env.TRACE_REQUIRES_FILE, Object.keys(require.cache).join('\n'));
});
