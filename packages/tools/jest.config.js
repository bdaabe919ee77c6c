const preset = require('../../jest.preset.js');

// linkedom's dependencies (css-select, domutils, htmlparser2's helpers...) are ESM-only: Node
// loads them through require(esm); jest on Node 20 cannot, so ts-jest transpiles them like the
// sources (useESM applies only when jest asks for ESM, as on Node 22.12+).
const ESM_ONLY = [
  'boolbase',
  'css-select',
  'css-what',
  'cssomnom',
  'dom-serializer',
  'domelementtype',
  'domhandler',
  'domutils',
  'entities',
  'html-escaper',
  'htmlparser2',
  'linkedom',
  'nth-check',
  'uhyphen',
];

module.exports = {
  ...preset,
  transform: {
    ...preset.transform,
    '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true }, diagnostics: false, useESM: true }],
  },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|(${ESM_ONLY.join('|')})/)`],
};
