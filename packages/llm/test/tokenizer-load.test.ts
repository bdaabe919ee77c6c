import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const dist = path.join(__dirname, '..', 'dist');

/**
 * Runs a tool loop on an OpenAI-family model in a fresh process against the built package and
 * says whether the o200k tokenizer got loaded: a turn with a tool call over a tiny context.
 */
function tokenizerLoaded(historyChars: number, rememberedTokens?: number): boolean {
  const script = `
    const llm = require(${JSON.stringify(path.join(dist, 'index.js'))});
    const { ScriptedProvider, reply, call } = require(${JSON.stringify(path.join(dist, 'testing', 'index.js'))});
    const { ToolRegistry, allowAll, defineTool } = require('@agent/tools');
    const { z } = require('zod/v4');
    const echo = defineTool({
      name: 'echo', description: 'echo', inputSchema: z.object({}), permission: 'read',
      describe: () => 'echo', execute: async () => ({ output: 'ok' }),
    });
    const provider = new ScriptedProvider([reply('', call('c1', 'echo', {})), reply('done')], {
      id: 'openai-chat', model: 'gpt-4o',
    });
    const history = [{ role: 'user', text: 'x'.repeat(${historyChars}) }];
    const remembered = ${JSON.stringify(rememberedTokens ?? null)};
    if (remembered !== null) {
      llm.rememberMessageTokens(history[0], 'openai', { history: remembered, toolResults: 0 });
    }
    llm.runToolLoop({
      provider, registry: new ToolRegistry([echo]), system: 'sys',
      history,
      workspaceRoot: '/tmp', signal: new AbortController().signal, person: allowAll,
      onEvent: () => {},
    }).then((result) => setImmediate(() => {
      if (result.reason !== 'done') throw new Error(result.reason);
      const loaded = Object.keys(require.cache).some((file) => file.includes('/js-tiktoken/'));
      console.log(JSON.stringify(loaded));
    }));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: __dirname }),
  );
}

describe('the o200k tokenizer', () => {
  it('is not loaded by a tool turn over a tiny context', () => {
    expect(tokenizerLoaded(100)).toBe(false);
  });

  it('loads once a request grows to where its count matters', () => {
    expect(tokenizerLoaded(200_000)).toBe(true);
  });

  it('is not loaded for a long history whose count is known (a resumed session)', () => {
    expect(tokenizerLoaded(200_000, 25_004)).toBe(false);
  });

  it('loads when the known count reaches the limit', () => {
    expect(tokenizerLoaded(200_000, 120_000)).toBe(true);
  });
});
