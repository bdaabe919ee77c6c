module.exports = {
  ...require('../../jest.preset.js'),
  // Genkit keeps its logger, registry and config on `global` for the whole process, by design;
  // Jest's cleanup of globals between test files would otherwise warn on every later access.
  testEnvironmentOptions: { globalsCleanup: 'off' },
};
