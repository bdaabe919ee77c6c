const preset = require('../../jest.preset.js');

// get-east-asian-width is ESM-only: it is transpiled like the sources. On Node 20 jest loads it
// as CommonJS; on Node 22.12+ jest loads it as ESM (require(esm)), so ts-jest must then emit ESM
// (useESM applies only when jest asks for ESM).
const ESM_ONLY = ['get-east-asian-width'];

module.exports = {
  ...preset,
  transform: {
    ...preset.transform,
    '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true }, diagnostics: false, useESM: true }],
  },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|(${ESM_ONLY.join('|')})/)`],
  // Real blessed screens and tmux sessions on a busy 2-core machine: every wait is for an event,
  // and this only bounds a hang.
  testTimeout: 60_000,
};
