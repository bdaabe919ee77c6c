const preset = require('../../jest.preset.js');

// get-east-asian-width is ESM-only: jest runs code as CommonJS, so it is
// transpiled like the sources (Node itself loads it through require(esm)).
const ESM_ONLY = ['get-east-asian-width'];

module.exports = {
  ...preset,
  transform: {
    ...preset.transform,
    '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true }, diagnostics: false }],
  },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|(${ESM_ONLY.join('|')})/)`],
};
