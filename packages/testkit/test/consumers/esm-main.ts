// An ES module TypeScript program built on the published packages: a registry with the workspace
// tools plus its own tool, turns on two providers, ask_user answered by its own person channel,
// and a session saved, loaded and continued. Its endpoints and folders come from the environment.
import { createAskUserTool } from '@agent/askuser';
import { createProvider, type ProviderId } from '@agent/llm';
import { AgentSession, openSavedSession, type AgentSessionOptions } from '@agent/runtime';
import { answerAtOnce, defineTool, type Tool } from '@agent/tools';
import { z } from 'zod';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const agentHome = env('CONSUMER_AGENT_HOME');
const workspaceRoot = env('CONSUMER_WORKSPACE');
const answers = JSON.parse(env('CONSUMER_ANSWERS')) as string[];

const shout: Tool<{ text: string }> = defineTool({
  name: 'shout',
  description: 'Returns the text in capitals.',
  permission: 'read',
  inputSchema: z.object({ text: z.string().min(1) }),
  async execute({ text }) {
    return { output: text.toUpperCase() };
  },
});

const options: Omit<AgentSessionOptions, 'provider'> = {
  agentHome,
  workspaceRoot,
  choice: { flags: {}, env: {}, agentHome },
  person: answerAtOnce({
    approval: () => ({ kind: 'allow' }),
    questionnaire: () => ({ answers, cancelled: false }),
  }),
  extraTools: [createAskUserTool(), shout],
  mcp: false,
  onEvent: () => {},
};

const provider = (id: ProviderId, url: string) =>
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
  missing = (error as Error).message;
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
