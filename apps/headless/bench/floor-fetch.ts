// Reference floor for the one-turn benchmark: Node's own fetch streams the same reply from the
// fake and the process exits. No SDK and no agent code: the platform's share of a turn.
import v8 from 'node:v8';

async function main(baseUrl: string): Promise<void> {
  v8.setFlagsFromString('--liftoff-only'); // as the runner does for Genkit, still on Node's fetch
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
    body: JSON.stringify({
      model: 'bench-model',
      stream: true,
      messages: [{ role: 'user', content: 'Say hello.' }],
    }),
  });
  if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  process.stdout.write(`${bytes}\n`);
}

main(process.argv[2]!).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
