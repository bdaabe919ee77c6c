// @ts-check
// A CommonJS JavaScript program built on the published packages: the same scenario as
// esm-main.ts (two providers, its own tool and person channel, a session saved and continued).
'use strict';
const { createAskUserTool } = require('@agent/askuser');
const { createProvider } = require('@agent/llm');
const { AgentSession, openSavedSession } = require('@agent/runtime');
const { answerAtOnce, defineTool } = require('@agent/tools');
const { z } = require('zod');

/** @param {string} name */
function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function main() {
  const agentHome = env('CONSUMER_AGENT_HOME');
  const workspaceRoot = env('CONSUMER_WORKSPACE');
  /** @type {string[]} */
  const answers = JSON.parse(env('CONSUMER_ANSWERS'));

  const shout = defineTool({
    name: 'shout',
    description: 'Returns the text in capitals.',
    permission: 'read',
    inputSchema: z.object({ text: z.string().min(1) }),
    async execute({ text }) {
      return { output: text.toUpperCase() };
    },
  });

  const options = {
    agentHome,
    workspaceRoot,
    choice: { flags: {}, env: {}, agentHome },
    person: answerAtOnce({
      approval: () => ({ kind: 'allow' }),
      questionnaire: () => ({ answers, cancelled: false }),
    }),
    extraTools: [createAskUserTool(), shout],
    mcp: /** @type {const} */ (false),
    onEvent: () => {},
  };
  /**
   * @param {import('@agent/llm').ProviderId} id
   * @param {string} url
   */
  const provider = (id, url) =>
    createProvider(id, { model: 'fake-model', baseUrl: url, apiKey: 'test-key' });

  const first = await AgentSession.create({
    ...options,
    provider: provider('openai-chat', env('CONSUMER_OPENAI_URL')),
  });
  const one = await first.runTurn('Set up the orders service.');
  const file = first.sessionFile;
  await first.close();
  if (!file) throw new Error('the session was not saved');

  const saved = await openSavedSession(file);
  const second = await AgentSession.create({
    ...options,
    provider: provider('anthropic', env('CONSUMER_ANTHROPIC_URL')),
    resume: saved,
  });
  const two = await second.runTurn('Which database did I pick?');
  await second.close();

  let missing = '';
  try {
    createProvider('bedrock', { model: 'fake-model' });
  } catch (error) {
    missing = /** @type {Error} */ (error).message;
  }

  console.log(
    JSON.stringify({
      sessionId: saved.id,
      reasons: [one.reason, two.reason],
      errors: [one.error, two.error],
      reply: two.messages.map((message) => message.text).join(''),
      missing,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
