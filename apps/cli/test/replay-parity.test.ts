import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  startOpenAIChatServer,
  TRANSCRIPT_SAMPLE,
  TRANSCRIPT_SAMPLE_ID,
  writeTranscriptSample,
  type FakeServer,
} from '@agent/testkit';

jest.setTimeout(90_000);

const DIST = path.resolve(__dirname, '..', 'dist');
const TMUX = 'replay-parity';

/** One front end's own home and workspace, holding the sample session. */
function bed(root: string, name: string): { home: string; workspace: string } {
  const home = path.join(root, name, 'home');
  const workspace = path.join(root, name, 'workspace');
  fs.mkdirSync(path.join(home, 'sessions'), { recursive: true });
  fs.mkdirSync(workspace, { recursive: true });
  writeTranscriptSample(path.join(home, 'sessions', `${TRANSCRIPT_SAMPLE_ID}.jsonl`), workspace);
  return { home, workspace };
}

function env(home: string): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    if (process.env[name] !== undefined) kept[name] = process.env[name];
  }
  return { ...kept, AGENT_HOME: home, OPENAI_API_KEY: 'k' };
}

function fakeArgs(server: FakeServer): string[] {
  return ['--provider', 'openai-chat', '--model', 'fake-model', '--base-url', `${server.url}/v1`];
}

/**
 * What every front end must show of the sample alike, in order: the kept answer the person
 * amended, the prompts, the cancelled questionnaire with its typed answer, the plan, and the
 * call a crash left open as interrupted.
 */
const { amended, cancelled, crashed, prompts } = TRANSCRIPT_SAMPLE;
const EXPECTED = [
  `amended: ${amended.answers.join(', ')}`,
  `prompt: ${prompts[0]}`,
  `questionnaire cancelled: ${cancelled.answers.join(', ')}`,
  `prompt: ${prompts[1]}`,
  'plan: approved',
  `prompt: ${prompts[2]}`,
  `${crashed.title}: interrupted`,
];

describe('one recorded session replays alike in the REPL, the editor and headless (issue 35)', () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'replay-parity-')));
  let server: FakeServer;
  beforeAll(async () => {
    for (const bin of ['agent.js', 'agent-run.js', 'agent-acp.js']) {
      if (!fs.existsSync(path.join(DIST, bin))) throw new Error(`${bin} missing: pnpm build`);
    }
    server = await startOpenAIChatServer([{ text: 'Noted.' }]);
  });
  afterAll(async () => {
    try {
      execFileSync('tmux', ['-L', TMUX, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // no server left
    }
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('headless --output jsonl history, ACP session/load and the REPL screen show the same entries and answers', async () => {
    const shown = {
      headless: headlessOutline(await headlessHistory(bed(root, 'headless'), server)),
      editor: editorOutline(await editorUpdates(bed(root, 'editor'), server)),
      repl: replOutline(await replScreen(bed(root, 'repl'), server)),
    };
    expect(shown).toEqual({ headless: EXPECTED, editor: EXPECTED, repl: EXPECTED });
  });
});

// ── headless ──────────────────────────────────────────────────────────────────────────────

interface HistoryEntry {
  kind: string;
  shown?: string;
  title?: string;
  state?: string;
  card?: string;
  decision?: { decision?: string };
  saved?: { result?: { answers?: unknown[] } };
  call?: HistoryEntry;
}

async function headlessHistory(
  { home, workspace }: { home: string; workspace: string },
  server: FakeServer,
): Promise<HistoryEntry[]> {
  const prompt = path.join(workspace, 'p.txt');
  fs.writeFileSync(prompt, 'go on');
  const args = [prompt, '--resume', TRANSCRIPT_SAMPLE_ID, '--output', 'jsonl', '--cwd', workspace];
  const stdout = await run(path.join(DIST, 'agent-run.js'), [...args, ...fakeArgs(server)], home);
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { type: string; entry?: HistoryEntry })
    .flatMap((line) => (line.type === 'history' && line.entry ? [line.entry] : []));
}

function headlessOutline(entries: readonly HistoryEntry[]): string[] {
  const answers = (entry: HistoryEntry): string => (entry.saved?.result?.answers ?? []).join(', ');
  return entries.flatMap((entry): string[] => {
    switch (entry.kind) {
      case 'amended':
        return [`amended: ${answers(entry.call!)}`];
      case 'prompt':
        return [`prompt: ${entry.shown}`];
      case 'questionnaire':
        return [`questionnaire ${entry.card}: ${answers(entry)}`];
      case 'plan':
        return [`plan: ${entry.decision?.decision === 'approve' ? 'approved' : entry.state}`];
      case 'tool':
        return [`${entry.title}: ${entry.state}`];
      default:
        return [];
    }
  });
}

function run(bin: string, args: string[], home: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: env(home) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}: ${stderr}`)),
    );
  });
}

// ── editor (ACP) ──────────────────────────────────────────────────────────────────────────

interface Update {
  sessionUpdate: string;
  content?: unknown;
  title?: string;
  status?: string;
  rawInput?: unknown;
}

async function editorUpdates(
  { home, workspace }: { home: string; workspace: string },
  server: FakeServer,
): Promise<Update[]> {
  const acp = await import('@agentclientprotocol/sdk');
  const child = spawn(process.execPath, [path.join(DIST, 'agent-acp.js'), ...fakeArgs(server)], {
    env: env(home),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('close', resolve));
  const updates: Update[] = [];
  const app = acp
    .client({ name: 'parity-editor' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params.update as Update);
    });
  const connection = app.connect(
    acp.ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    ),
  );
  try {
    await connection.agent.request('initialize', {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    // The replayed updates are all sent before the load answers.
    await connection.agent.request('session/load', {
      sessionId: TRANSCRIPT_SAMPLE_ID,
      cwd: workspace,
      mcpServers: [],
    });
  } finally {
    child.stdin.end();
    await exited;
  }
  return updates;
}

function editorOutline(updates: readonly Update[]): string[] {
  const text = (update: Update): string => {
    const content = update.content as
      { text?: string } | Array<{ content?: { text?: string } }> | undefined;
    if (Array.isArray(content)) return content.map((part) => part.content?.text ?? '').join('\n');
    return content?.text ?? '';
  };
  const answers = (summary: string): string =>
    [...summary.matchAll(/→ (.*)/g)]
      .map((match) => match[1]!.replace(/ \(typed\)$/, ''))
      .join(', ');
  const outline: string[] = [];
  let amending = false;
  for (const update of updates) {
    if (update.sessionUpdate === 'user_message_chunk') outline.push(`prompt: ${text(update)}`);
    if (update.sessionUpdate === 'agent_message_chunk' && text(update).includes('amended')) {
      amending = true;
    }
    if (update.sessionUpdate !== 'tool_call') continue;
    const summary = text(update);
    if (amending) outline.push(`amended: ${answers(summary)}`);
    else if (summary.startsWith('Questionnaire')) {
      const state = /cancelled/.test(summary) ? 'cancelled' : 'answered';
      outline.push(`questionnaire ${state}: ${answers(summary)}`);
    } else if (/plan/i.test(update.title ?? '')) {
      outline.push(`plan: ${/approved/.test(summary) ? 'approved' : update.status}`);
    } else {
      const state =
        update.status === 'failed' && /interrupted/.test(summary) ? 'interrupted' : update.status;
      outline.push(`${update.title}: ${state}`);
    }
    amending = false;
  }
  return outline;
}

// ── REPL (tmux) ───────────────────────────────────────────────────────────────────────────

async function replScreen(
  { home, workspace }: { home: string; workspace: string },
  server: FakeServer,
): Promise<string> {
  const command = [
    'env',
    'TERM=xterm-256color',
    `AGENT_HOME=${home}`,
    'OPENAI_API_KEY=k',
    process.execPath,
    path.join(DIST, 'agent.js'),
    ...fakeArgs(server),
    '--cwd',
    workspace,
    '--resume',
    TRANSCRIPT_SAMPLE_ID,
  ]
    .map((part) => `'${part.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const tmux = (...args: string[]): string =>
    execFileSync('tmux', ['-L', TMUX, ...args], { encoding: 'utf8' });
  tmux('new-session', '-d', '-s', 'repl', '-x', '110', '-y', '60', command);
  // Bounded by count: each capture is a process run; the replay is drawn long before.
  for (let attempt = 0; attempt < 400; attempt++) {
    const screen = tmux('capture-pane', '-p', '-t', 'repl');
    if (screen.includes('Resumed session')) return screen;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`the REPL never said it resumed:\n${tmux('capture-pane', '-p', '-t', 'repl')}`);
}

/** The replay on the REPL's screen, up to the line that says the session resumed. */
function replOutline(screen: string): string[] {
  const lines = screen.split('\n');
  const outline: string[] = [];
  const answersFrom = (start: number): string => {
    const answers: string[] = [];
    for (let i = start + 1; i < lines.length && lines[i]!.startsWith('  '); i++) {
      const answer = /^\s+→ (.*?)( \(typed\))?$/.exec(lines[i]!);
      if (answer) answers.push(answer[1]!);
    }
    return answers.join(', ');
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('Resumed session')) break;
    let match: RegExpExecArray | null;
    if (line === 'amended by the person afterwards:') {
      outline.push(`amended: ${answersFrom(++i)}`);
    } else if ((match = /^› (.*)/.exec(line))) outline.push(`prompt: ${match[1]}`);
    else if (/^⊘ Questionnaire cancelled/.test(line)) {
      outline.push(`questionnaire cancelled: ${answersFrom(i)}`);
    } else if (/^✓ Questionnaire/.test(line)) {
      outline.push(`questionnaire answered: ${answersFrom(i)}`);
    } else if (/^✓ Plan approved/.test(line)) outline.push('plan: approved');
    else if ((match = /^■ Interrupted (.*)/.exec(line))) outline.push(`${match[1]}: interrupted`);
  }
  return outline;
}
