// A real MCP stdio server for the person-channel end-to-end tests, on the official SDK.
//
//   node form-on-trigger-server.mjs TRIGGER_FILE RESULTS_FILE DELIVERED_FILE
//
// Whenever TRIGGER_FILE appears or its content changes (looked at once the client is
// connected), it sends the client one `elicitation/create` form on its own (no tool call is
// running): one required string `a` titled `Target`; a trigger holding JSON
// `{"message": ..., "title": ...}` sends that message and field title instead. Right after it, it pings the client: the
// client handles messages in order, so once the ping is answered the form has reached the
// client's handler, and the server appends `delivered N` to DELIVERED_FILE. Each result it
// gets back is appended to RESULTS_FILE as one line of JSON, exactly as received. Its one
// tool, `ping`, only answers "pong".
import { appendFileSync, readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [triggerFile, resultsFile, deliveredFile] = process.argv.slice(2);
if (!triggerFile || !resultsFile || !deliveredFile) {
  process.stderr.write('usage: form-on-trigger-server.mjs TRIGGER RESULTS DELIVERED\n');
  process.exit(2);
}

const server = new Server(
  { name: 'form-on-trigger', version: '0.0.0' },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: 'ping',
      description: 'Answers pong.',
      inputSchema: { type: 'object', properties: {} },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async () => ({
  content: [{ type: 'text', text: 'pong' }],
}));

let sent = 0;

function sendForm(trigger) {
  const n = ++sent;
  let custom = {};
  try {
    custom = JSON.parse(trigger);
  } catch {
    // a plain counter: the default form
  }
  if (typeof custom !== 'object' || custom === null) custom = {};
  server
    .elicitInput(
      {
        mode: 'form',
        message: custom.message ?? 'Where should the release go?',
        requestedSchema: {
          type: 'object',
          properties: { a: { type: 'string', title: custom.title ?? 'Target' } },
          required: ['a'],
        },
      },
      // The form may wait behind another card: longer than the SDK's default minute.
      { timeout: 10 * 60_000 },
    )
    .then(
      (result) => appendFileSync(resultsFile, `${JSON.stringify(result)}\n`),
      (error) => process.stderr.write(`elicitation failed: ${error}\n`),
    );
  server.ping().then(
    () => appendFileSync(deliveredFile, `delivered ${n}\n`),
    (error) => process.stderr.write(`ping failed: ${error}\n`),
  );
}

function readTrigger() {
  try {
    return readFileSync(triggerFile, 'utf8');
  } catch {
    return undefined;
  }
}

// Polling rather than fs.watch: the file may not exist yet, and it works on every filesystem.
// A trigger written before the client connected sends its form once the client is ready.
let seen;
server.oninitialized = () => {
  setInterval(() => {
    const now = readTrigger();
    // Empty: caught between the writer's truncate and its write (a trigger is never empty).
    if (!now || now === seen) return;
    seen = now;
    sendForm(now);
  }, 50).unref();
};
// The client closing the pipe ends the server.
process.stdin.on('end', () => process.exit(0));

await server.connect(new StdioServerTransport());
