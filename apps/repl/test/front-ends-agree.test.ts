import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  openAIChatProtocol,
  startFakeServer,
  type FakeServer,
  type ScriptedTurn,
} from '@agent/testkit';
import { SessionWriter } from '@agent/session';
import { Harness } from './harness';

const ENTER = '\r';
const DOWN = '\x1b[B';
const HEADLESS = path.resolve(__dirname, '../../headless/dist/agent-run.js');

/** A tool call, an answer; after a resume, an automatic compaction and an answer. */
const SCRIPT: ScriptedTurn[] = [
  {
    text: 'Reading the notes.',
    toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'notes.md' } }],
  },
  { text: 'The notes say heron.' },
  { text: '- The person asked about notes.md; it says heron.' },
  { text: 'Still heron.' },
];
const PROMPT_1 = 'What do the notes say?';
const PROMPT_2 = 'And now?';

interface Sandbox {
  home: string;
  workspace: string;
}

function sandbox(): Sandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'front-ends-')));
  const home = path.join(root, 'home');
  const workspace = path.join(root, 'work');
  fs.mkdirSync(home);
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'notes.md'), 'The codeword is heron.\n');
  return { home, workspace };
}

/** Compaction is due as soon as there is anything to compact (the first prompt has nothing). */
function compactEarly(box: Sandbox): void {
  fs.writeFileSync(path.join(box.home, 'config.json'), '{"autoCompact": 0.0001}');
}

function providerFlags(server: FakeServer): string[] {
  return ['--provider', 'openai-chat', '--model', 'gpt-test', '--base-url', `${server.url}/v1`];
}

function runHeadless(box: Sandbox, args: string[], prompt: string): Promise<number | null> {
  const file = path.join(box.workspace, '.prompt.txt');
  fs.writeFileSync(file, prompt);
  const child = spawn(process.execPath, [HEADLESS, file, ...args], {
    env: { PATH: process.env.PATH, AGENT_HOME: box.home, AGENT_LAUNCH_DIR: box.workspace },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(stderr);
      fs.rmSync(file);
      resolve(code);
    }),
  );
}

async function runRepl(box: Sandbox, server: FakeServer): Promise<void> {
  const flags = { provider: 'openai-chat', model: 'gpt-test', baseUrl: `${server.url}/v1` };
  const first = await new Harness(100, 30, box).start(undefined, flags);
  await first.type(PROMPT_1);
  first.send(ENTER);
  await first.waitForText('The notes say heron.', 8000);
  await first.waitForText('· ready');
  await first.stop();
  compactEarly(box);
  const second = await new Harness(100, 30, box).start(undefined, { ...flags, continue: true });
  await second.type(PROMPT_2);
  second.send(ENTER);
  await second.waitForText('Still heron.', 8000);
  await second.stop();
}

/** What a request says apart from the front end's own prompt section and its own tools. */
function comparable(server: FakeServer) {
  return server.requests.map(({ body }) => ({
    model: body.model,
    conversation: body.messages.filter((m: { role: string }) => m.role !== 'system'),
    systemStart: String(body.messages[0]?.content ?? '').slice(0, 400),
    tools: (body.tools ?? [])
      .map((tool: { function: { name: string } }) => tool.function)
      .filter((fn: { name: string }) => fn.name !== 'ask_user'),
  }));
}

/** An edit the person approves (the REPL's card) or the policy allows (headless); then a reply. */
const EDIT_SCRIPT: ScriptedTurn[] = [
  {
    text: 'Writing the plan.',
    toolCalls: [
      {
        id: 'call_write',
        name: 'write_file',
        arguments: { path: 'plan.md', content: 'Use SQLite.\n' },
      },
    ],
  },
  { text: 'Wrote plan.md.' },
  { text: 'Going on from the questionnaire.' },
];
const EDIT_PROMPT = 'Write the plan down.';
const ASK_PROMPT = 'Which database?';
const QUESTIONS = {
  questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
};

/** A session as a crash leaves it with a questionnaire open: its ask_user call never ended. */
async function crashedWithQuestionOpen(box: Sandbox): Promise<void> {
  const writer = await SessionWriter.create({
    agentHome: box.home,
    cwd: box.workspace,
    provider: 'openai-chat',
    model: 'gpt-test',
  });
  writer.recordUser(ASK_PROMPT);
  writer.recordLoopEvent({
    type: 'assistant_message',
    message: {
      role: 'assistant',
      text: 'One question first.',
      toolCalls: [
        { id: 'call_ask', name: 'ask_user', input: QUESTIONS, status: 'pending', summary: '' },
      ],
    },
  });
  await writer.close();
}

/** The tool message answering `id` in a recorded Chat Completions conversation. */
function toolResult(conversation: Array<Record<string, unknown>>, id: string): unknown {
  return conversation.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content;
}

describe('both front ends run the same agent', () => {
  const boxes: Sandbox[] = [];
  const servers: FakeServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    for (const box of boxes) fs.rmSync(path.dirname(box.home), { recursive: true, force: true });
  });

  it('sends the same requests for a tool call, a resume and an automatic compaction', async () => {
    const headlessBox = sandbox();
    const replBox = sandbox();
    boxes.push(headlessBox, replBox);
    // The workspace path is part of the system prompt and the session: use one path for both.
    const headlessServer = await startFakeServer(openAIChatProtocol, SCRIPT);
    const replServer = await startFakeServer(openAIChatProtocol, SCRIPT);
    servers.push(headlessServer, replServer);

    expect(await runHeadless(headlessBox, providerFlags(headlessServer), PROMPT_1)).toBe(0);
    compactEarly(headlessBox);
    const resumed = [...providerFlags(headlessServer), '--continue'];
    expect(await runHeadless(headlessBox, resumed, PROMPT_2)).toBe(0);
    await runRepl(replBox, replServer);

    const headless = comparable(headlessServer);
    const repl = comparable(replServer);
    expect(headless).toHaveLength(4);
    expect(repl).toHaveLength(4);
    // The second request carries the tool result; the third is the compaction; the fourth
    // starts from the checkpoint.
    expect(JSON.stringify(headless[1]!.conversation)).toContain('The codeword is heron.');
    expect(JSON.stringify(headless[2]!.conversation)).toContain(PROMPT_1);
    expect(JSON.stringify(headless[3]!.conversation)).not.toContain(PROMPT_1);
    const unify = (text: string) =>
      text.split(headlessBox.workspace).join('<ws>').split(replBox.workspace).join('<ws>');
    expect(unify(JSON.stringify(repl))).toBe(unify(JSON.stringify(headless)));
  }, 60_000);

  it('agree on an approved edit and on a questionnaire the crash left open', async () => {
    const headlessBox = sandbox();
    const replBox = sandbox();
    boxes.push(headlessBox, replBox);
    const headlessServer = await startFakeServer(openAIChatProtocol, EDIT_SCRIPT);
    const replServer = await startFakeServer(openAIChatProtocol, EDIT_SCRIPT);
    servers.push(headlessServer, replServer);
    const flags = { provider: 'openai-chat', model: 'gpt-test', baseUrl: `${replServer.url}/v1` };

    // The edit: headless allows it by policy; in the REPL the person approves its card.
    expect(await runHeadless(headlessBox, providerFlags(headlessServer), EDIT_PROMPT)).toBe(0);
    const first = await new Harness(100, 30, replBox).start(undefined, flags);
    await first.type(EDIT_PROMPT);
    first.send(ENTER);
    await first.waitForText('Yes, allow once', 8000);
    first.send(ENTER);
    await first.waitForText('Wrote plan.md.', 8000);
    await first.waitForText('· ready');
    await first.stop();
    for (const box of [headlessBox, replBox]) {
      expect(fs.readFileSync(path.join(box.workspace, 'plan.md'), 'utf8')).toBe('Use SQLite.\n');
    }
    const unify = (text: string) =>
      text.split(headlessBox.workspace).join('<ws>').split(replBox.workspace).join('<ws>');
    expect(unify(JSON.stringify(comparable(replServer)))).toBe(
      unify(JSON.stringify(comparable(headlessServer))),
    );

    // The open questionnaire: the REPL's runtime offers it again and the person answers it;
    // headless has nobody to ask, so its runtime closes it as interrupted. Nothing else differs.
    await crashedWithQuestionOpen(headlessBox);
    await crashedWithQuestionOpen(replBox);
    const resumed = [...providerFlags(headlessServer), '--continue'];
    expect(await runHeadless(headlessBox, resumed, PROMPT_2)).toBe(0);
    const second = await new Harness(100, 30, replBox).start(undefined, {
      ...flags,
      continue: true,
    });
    await second.waitForText('Question 1 of 1', 8000);
    second.send(DOWN);
    second.send(ENTER);
    await second.waitForText('Going on from the questionnaire.', 8000);
    await second.stop();

    const [headless, repl] = [headlessServer, replServer].map((server) => comparable(server)[2]!);
    const replConversation = repl.conversation as Array<Record<string, unknown>>;
    const headlessConversation = headless.conversation as Array<Record<string, unknown>>;
    expect(toolResult(replConversation, 'call_ask')).toBe(
      '{"answers":["SQLite"],"cancelled":false}',
    );
    expect(String(toolResult(headlessConversation, 'call_ask'))).toMatch(/^interrupted/);
    // The same call, under the same id, with the same exact questions, before either result.
    expect(replConversation.slice(0, 2)).toEqual(headlessConversation.slice(0, 2));
    expect(JSON.stringify(replConversation[1])).toContain('call_ask');
    expect(headlessConversation.at(-1)).toEqual({ role: 'user', content: PROMPT_2 });
  }, 90_000);
});
