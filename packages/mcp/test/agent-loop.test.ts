import fs from 'node:fs';
import path from 'node:path';
import { createProvider, runToolLoop } from '@agent/llm';
import {
  startAnthropicServer,
  startBedrockServer,
  startGenkitServer,
  startOpenAIChatServer,
  startOpenAIResponsesServer,
  type FakeServer,
} from '@agent/testkit';
import { answerAtOnce, ToolRegistry, toolSpec, type PermissionRequest } from '@agent/tools';
import { startMcp, type McpManager } from '../src';
import { filesystemStdio, tempDir, writeJson } from './support/servers';

let manager: McpManager;
let workspace: string;

beforeAll(async () => {
  const home = tempDir('mcp-home-');
  workspace = tempDir('mcp-ws-');
  fs.writeFileSync(path.join(workspace, 'plan.md'), '# Plan\n\nShip the MCP client.\n');
  writeJson(path.join(home, 'config.json'), { mcpServers: { fs: filesystemStdio(workspace) } });
  manager = startMcp({ agentHome: home, workspace });
  await manager.ready();
}, 30_000);

afterAll(() => manager?.close());

const script = () => [
  {
    text: 'Looking.',
    toolCalls: [
      { id: 'call_1', name: 'mcp__fs__list_directory', arguments: { path: workspace } },
      {
        id: 'call_2',
        name: 'mcp__fs__read_text_file',
        arguments: { path: path.join(workspace, 'plan.md') },
      },
    ],
  },
  { text: 'The plan is to ship the MCP client.' },
];

const providers: Array<
  [string, () => Promise<FakeServer>, (url: string) => ReturnType<typeof createProvider>]
> = [
  [
    'openai-chat',
    () => startOpenAIChatServer(script()),
    (url) =>
      createProvider('openai-chat', {
        model: 'gpt-test',
        baseUrl: `${url}/v1`,
        apiKey: 'k',
        maxRetries: 0,
      }),
  ],
  [
    'openai-responses',
    () => startOpenAIResponsesServer(script()),
    (url) =>
      createProvider('openai-responses', {
        model: 'gpt-test',
        baseUrl: `${url}/v1`,
        apiKey: 'k',
        maxRetries: 0,
      }),
  ],
  [
    'bedrock',
    () => startBedrockServer(script()),
    (url) =>
      createProvider('bedrock', {
        model: 'anthropic.claude-test-v1:0',
        baseUrl: url,
        region: 'eu-west-1',
        apiKey: 'k',
        maxRetries: 0,
      }),
  ],
  [
    'genkit',
    () => startGenkitServer(script()),
    (url) =>
      createProvider('genkit', { model: 'gemini-test', baseUrl: url, apiKey: 'k', maxRetries: 0 }),
  ],
  [
    'anthropic',
    () => startAnthropicServer(script()),
    (url) =>
      createProvider('anthropic', {
        model: 'claude-test',
        baseUrl: url,
        apiKey: 'k',
        maxRetries: 0,
      }),
  ],
];

/** Property names at every level of a schema, as paths. */
function propertyPaths(schema: any, prefix = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = Object.entries(schema.properties ?? {}).flatMap(([key, value]) => [
    `${prefix}${key}`,
    ...propertyPaths(value, `${prefix}${key}.`),
  ]);
  return [...own, ...propertyPaths(schema.items, `${prefix}[].`)];
}

describe.each(providers)('the tool loop with MCP tools over %s', (id, startServer, provider) => {
  it('lists and reads the workspace through server-filesystem, each call asking permission', async () => {
    const server = await startServer();
    const asked: PermissionRequest[] = [];
    const permissions = answerAtOnce({
      approval: ({ payload }) => {
        asked.push(payload);
        return { kind: 'allow' };
      },
    });
    try {
      const result = await runToolLoop({
        provider: provider(server.url),
        registry: new ToolRegistry(manager.tools()),
        system: 'system',
        history: [{ role: 'user', text: 'What is the plan?' }],
        workspaceRoot: workspace,
        signal: new AbortController().signal,
        person: permissions,
      });
      expect(result.reason).toBe('done');
      expect(result.messages.at(-1)!.text).toBe('The plan is to ship the MCP client.');
      expect(asked.map((r) => [r.toolName, r.permission])).toEqual([
        ['mcp__fs__list_directory', 'exec'],
        ['mcp__fs__read_text_file', 'exec'],
      ]);
      expect(asked[1]!.title).toBe(
        `fs/read_text_file {"path":"${path.join(workspace, 'plan.md')}"}`,
      );

      const [first, second] = server.requests.filter((r) => r.method === 'POST');
      const advertised = JSON.stringify(first!.body.tools ?? first!.body.toolConfig);
      expect(advertised).toContain('mcp__fs__read_text_file');
      expect(advertised).not.toContain('$schema');
      if (id === 'genkit') {
        // Genkit's Gemini plugin rebuilds each schema and drops what it does not understand:
        // every property of every MCP tool must survive it.
        const declared = first!.body.tools[0].functionDeclarations as Array<{
          name: string;
          parameters: unknown;
        }>;
        for (const tool of manager.tools()) {
          const declaration = declared.find((d) => d.name === tool.name)!;
          expect(propertyPaths(declaration.parameters)).toEqual(
            propertyPaths(toolSpec(tool).parameters),
          );
        }
      }
      const followUp = JSON.stringify(second!.body);
      expect(followUp).toContain('[FILE] plan.md');
      expect(followUp).toContain('Ship the MCP client.');
    } finally {
      await server.close();
    }
  });
});
