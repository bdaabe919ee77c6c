import { genkit, tool } from 'genkit';
import { googleAI } from '@genkit-ai/google-genai';
import { startGenkitServer } from '@agent/testkit';
test('x', async () => {
  const server = await startGenkitServer([
    {
      text: 'Let me check.',
      toolCalls: [
        { name: 'read_file', arguments: { path: 'a "b" ü' } },
        { name: 'search', arguments: { q: [[1]] } },
      ],
    },
    { text: 'done' },
  ]);
  const ai = genkit({ plugins: [googleAI({ apiKey: 'k', baseUrl: server.url })] });
  const tools = [
    tool(
      {
        name: 'read_file',
        description: 'read',
        inputJsonSchema: { type: 'object', properties: { path: { type: 'string' } } },
      },
      async () => {
        throw new Error('no');
      },
    ),
    tool(
      { name: 'search', description: 'search', inputJsonSchema: { type: 'object' } },
      async () => {
        throw new Error('no');
      },
    ),
  ];
  const ac = new AbortController();
  const { stream, response } = ai.generateStream({
    model: googleAI.model('gemini-fake-model'),
    system: 'be terse',
    messages: [{ role: 'user', content: [{ text: 'hi' }] }],
    tools,
    returnToolRequests: true,
    abortSignal: ac.signal,
  });
  for await (const chunk of stream) console.log('chunk', JSON.stringify(chunk.content), chunk.text);
  const r = await response;
  console.log('final', r.finishReason, JSON.stringify(r.usage), JSON.stringify(r.message?.content));
  const { stream: s2, response: r2 } = ai.generateStream({
    model: googleAI.model('gemini-fake-model'),
    messages: [
      { role: 'user', content: [{ text: 'hi' }] },
      {
        role: 'model',
        content: [
          { text: 'Let me check.' },
          { toolRequest: { name: 'read_file', ref: 'id1', input: { path: 'x' } } },
          { toolRequest: { name: 'search', ref: 'id2', input: {} } },
        ],
      },
      {
        role: 'tool',
        content: [
          { toolResponse: { name: 'read_file', ref: 'id1', output: 'out1' } },
          { toolResponse: { name: 'search', ref: 'id2', output: 'out2' } },
        ],
      },
    ],
    tools,
    returnToolRequests: true,
  });
  for await (const chunk of s2) console.log('chunk2', chunk.text);
  console.log((await r2).text);
  console.log(
    JSON.stringify(
      server.requests.map((r) => [r.path, r.body]),
      null,
      1,
    ),
  );
  await server.close();
});
