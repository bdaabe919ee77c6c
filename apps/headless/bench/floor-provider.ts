// Reference floor for the one-turn benchmark: @agent/llm's openai-chat provider streams one reply
// and the process exits. No tools, session, profiles or output: what any runner on the SDK pays.
import { createProvider } from '@agent/llm';

async function main(baseUrl: string): Promise<void> {
  const provider = createProvider('openai-chat', { model: 'bench-model', baseUrl });
  const request = {
    system: '',
    messages: [{ role: 'user' as const, text: 'Say hello.' }],
    tools: [],
  };
  let text = '';
  for await (const event of provider.stream(request, new AbortController().signal)) {
    if (event.type === 'text_delta') text += event.text;
    if (event.type === 'end' && event.stopReason !== 'stop') throw new Error(event.error?.message);
  }
  process.stdout.write(`${text}\n`);
}

main(process.argv[2]!).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
