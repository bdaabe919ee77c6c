import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const dist = path.join(__dirname, '..', 'dist', 'index.js');

/** Which SDKs a fresh Node process has loaded after running `code` against the built package. */
function loadedSdks(code: string): string[] {
  const script = `
    const llm = require(${JSON.stringify(dist)});
    ${code}
    const names = ['openai', '@anthropic-ai/sdk', '@aws-sdk/client-bedrock-runtime', 'genkit', 'js-tiktoken'];
    const loaded = Object.keys(require.cache);
    console.log(JSON.stringify(names.filter((n) => loaded.some((f) => f.includes('/node_modules/' + n + '/')))));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

describe('createProvider', () => {
  it('loads no SDK at start-up, and only the chosen adapter SDK when a provider is created', () => {
    expect(loadedSdks('')).toEqual([]);
    expect(loadedSdks("llm.createProvider('demo', { model: 'demo' });")).toEqual([]);
    expect(
      loadedSdks("llm.createProvider('anthropic', { model: 'claude-sonnet-4-5', apiKey: 'k' });"),
    ).toEqual(['@anthropic-ai/sdk']);
  });
});
