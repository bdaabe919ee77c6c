// Real MCP servers on the official SDK that misbehave on purpose, for reliability tests.
//
//   node hostile-mcp-server.mjs MODE [ARG]
//
// Every mode has a harmless `ping` tool (answers "pong") besides its misbehaviour:
//
//   huge-list            tools/list answers 5,000 tools, one line of more than 10 MiB
//   huge-result          tool `flood` answers one result line of more than 10 MiB
//   endless-output       tool `flood` writes to stdout forever without a newline
//   recursive-ref        tool `nested` has an input schema of 9 levels of 10 `$ref`s (< 1 KB)
//   exit-after-init      exits (status 0) right after answering `initialize`
//   many-tools N         `ping` and N tools (`tool_1` ... `tool_N`), each with a schema of about 1 KB
//   http-endless-sse     streamable HTTP on 127.0.0.1 (prints `LISTENING_PORT=N` on stderr):
//                        tool `flood` answers with an SSE stream of one endless `data:` line
import http from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [mode, arg] = process.argv.slice(2);
const MODES = [
  'huge-list',
  'huge-result',
  'endless-output',
  'recursive-ref',
  'exit-after-init',
  'many-tools',
  'http-endless-sse',
];
if (!MODES.includes(mode)) {
  process.stderr.write(`usage: hostile-mcp-server.mjs ${MODES.join('|')} [N]\n`);
  process.exit(2);
}

const OVER_LIMIT = 11 * 1024 * 1024;
const ping = {
  name: 'ping',
  description: 'Answers pong.',
  inputSchema: { type: 'object', properties: {} },
};
const flood = {
  name: 'flood',
  description: 'Answers with far too much.',
  inputSchema: { type: 'object', properties: {} },
};

/** 9 levels of 10 properties, each a `$ref` to the next level: 10^9 paths when inlined. */
function recursiveRefSchema() {
  const $defs = {};
  for (let level = 0; level < 9; level++) {
    const properties = {};
    for (let i = 0; i < 10; i++) {
      properties[`p${i}`] = level < 8 ? { $ref: `#/$defs/l${level + 1}` } : { type: 'string' };
    }
    $defs[`l${level}`] = { type: 'object', properties };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/l0' } }, $defs };
}

function toolList() {
  switch (mode) {
    case 'huge-list':
      return Array.from({ length: 5000 }, (_, i) => ({
        name: `tool_${i + 1}`,
        description: `${'A tool that does a great many things. '.repeat(60)}`,
        inputSchema: { type: 'object', properties: { value: { type: 'string' } } },
      }));
    case 'recursive-ref':
      return [
        ping,
        { name: 'nested', description: 'Takes a deep value.', inputSchema: recursiveRefSchema() },
      ];
    case 'many-tools':
      return [
        ping,
        ...Array.from({ length: Number(arg ?? 200) }, (_, i) => ({
          name: `tool_${i + 1}`,
          description: `Tool number ${i + 1}: does one small thing to the value it is given, in the mode asked, and reports what it did.`,
          inputSchema: {
            type: 'object',
            properties: {
              value: { type: 'string', description: 'What to work on.' },
              count: { type: 'integer', minimum: 1, maximum: 100, description: 'How many times.' },
              mode: {
                type: 'string',
                enum: ['fast', 'careful', 'dry-run'],
                description: 'How to go about it: fast, careful, or only say what would be done.',
              },
              options: {
                type: 'object',
                description: 'Finer control.',
                properties: {
                  label: { type: 'string', description: 'A label for the result.' },
                  retries: { type: 'integer', description: 'Retries on a failure.' },
                  notify: { type: 'boolean', description: 'Whether to notify when done.' },
                },
              },
              tags: {
                type: 'array',
                items: { type: 'string' },
                description: 'Tags attached to the result.',
              },
            },
            required: ['value'],
          },
        })),
      ];
    case 'huge-result':
    case 'endless-output':
    case 'http-endless-sse':
      return [ping, flood];
    default:
      return [ping];
  }
}

function endlessOutput() {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const write = () => {
    while (process.stdout.write(chunk));
    process.stdout.once('drain', write);
  };
  write();
}

function createServer() {
  const server = new Server(
    { name: `hostile-${mode}`, version: '0.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name === 'flood' && mode === 'huge-result') {
      return { content: [{ type: 'text', text: 'y'.repeat(OVER_LIMIT) }] };
    }
    if (request.params.name === 'flood' && mode === 'endless-output') {
      endlessOutput();
      return new Promise(() => {});
    }
    return { content: [{ type: 'text', text: 'pong' }] };
  });
  return server;
}

if (mode === 'http-endless-sse') {
  // Stateless streamable HTTP: one server and transport per request.
  const httpServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const message = body ? JSON.parse(body) : undefined;
      if (message?.method === 'tools/call' && message.params?.name === 'flood') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = 'x'.repeat(64 * 1024);
        res.write('event: message\ndata: ');
        const write = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', write);
        };
        write();
        return;
      }
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      const server = createServer();
      res.on('close', () => void server.close());
      void server.connect(transport).then(() => transport.handleRequest(req, res, message));
    });
  });
  httpServer.listen(0, '127.0.0.1', () => {
    process.stderr.write(`LISTENING_PORT=${httpServer.address().port}\n`);
  });
} else {
  // The client closing the pipe ends the server.
  process.stdin.on('end', () => process.exit(0));
  const transport = new StdioServerTransport();
  if (mode === 'exit-after-init') {
    const send = transport.send.bind(transport);
    transport.send = async (message) => {
      await send(message);
      if (message.result?.protocolVersion) process.exit(0);
    };
  }
  await createServer().connect(transport);
}
