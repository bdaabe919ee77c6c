// The reference for the one-turn benchmark: the same single streamed request as a headless turn,
// made with the bare openai SDK (the copy @agent/llm uses) and nothing of ours.
import { createRequire } from 'node:module';

interface ChatChunk {
  choices: Array<{ delta?: { content?: string | null } }>;
}
interface OpenAIClient {
  chat: {
    completions: {
      create(body: Record<string, unknown>): Promise<AsyncIterable<ChatChunk>>;
    };
  };
}
type OpenAIConstructor = new (options: { apiKey: string; baseURL: string }) => OpenAIClient;

async function main(baseURL: string): Promise<void> {
  const fromLlm = createRequire(require.resolve('@agent/llm/package.json'));
  const OpenAI = (fromLlm('openai') as { default: OpenAIConstructor }).default;
  const client = new OpenAI({ apiKey: 'bench', baseURL });
  const stream = await client.chat.completions.create({
    model: 'bench-model',
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: 'Say hello.' }],
  });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  process.stdout.write(`${text}\n`);
}

main(process.argv[2]!).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
