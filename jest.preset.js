// Shared jest settings for every package: ts-jest only transpiles; type checking is `pnpm typecheck`.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
  },
  cacheDirectory: path.join(__dirname, '.cache', 'jest'),
  testTimeout: 20000,
};
