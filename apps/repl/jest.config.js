const preset = require('../../jest.preset.js');

// string-width and its dependencies are ESM-only: jest runs code as CommonJS, so they are
// transpiled like the sources (Node itself loads them through require(esm)).
const ESM_ONLY = ['string-width', 'strip-ansi', 'ansi-regex', 'get-east-asian-width'];

module.exports = {
  ...preset,
  transform: {
    ...preset.transform,
    '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true }, diagnostics: false }],
  },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|(${ESM_ONLY.join('|')})/)`],
};
