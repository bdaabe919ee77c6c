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
import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };
import { chromiumForTests, launchChromium } from './support/chromium';
import { startServe } from './support/served-agent';

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
 * amended, the prompts, the cancelled questionnaire with its typed answer, the plan, the call a
 * crash left open as interrupted, the person's failed command with its output, and the last
 * questionnaire a crash left open: offered again where someone answers questionnaires, closed as
 * interrupted in headless, where nobody does.
 */
const { amended, cancelled, crashed, shell, open, prompts } = TRANSCRIPT_SAMPLE;
const shown = (last: 'asked again' | 'interrupted') => [
  `amended: ${amended.answers.join(', ')}`,
  `prompt: ${prompts[0]}`,
  `questionnaire cancelled: ${cancelled.answers.join(', ')}`,
  `prompt: ${prompts[1]}`,
  'plan: approved',
  `prompt: ${prompts[2]}`,
  `${crashed.title}: interrupted`,
  `prompt: !${shell.command}`,
  `shell: exit 1: ${shell.output}`,
  `prompt: ${prompts[3]}`,
  last === 'asked again'
    ? `questionnaire asked again: ${open.question}`
    : 'questionnaire interrupted',
];

/** `shell: exit N: OUTPUT`, from a command's ending as a front end words it (`exit code 1`). */
function shellLine(ending: string, output: string): string {
  return `shell: exit ${/exit (?:code )?(\d+)/.exec(ending)?.[1] ?? '?'}: ${output}`;
}

describe('one recorded session replays alike in the REPL, the editor, headless and the web page (issue 35)', () => {
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

  it('headless --output jsonl history, ACP session/load, the REPL screen and the web page show the same entries and answers', async () => {
    // The web page is read in Chromium; without it (skipped with one line) the others still are.
    const web = chromiumForTests();
    const browser = web ? await launchChromium() : undefined;
    try {
      const outlines = {
        headless: headlessOutline(await headlessHistory(bed(root, 'headless'), server)),
        editor: editorOutline(await editorUpdates(bed(root, 'editor'), server)),
        repl: replOutline(await replScreen(bed(root, 'repl'), server)),
        ...(browser ? { web: webOutline(await webPage(bed(root, 'web'), server, browser)) } : {}),
      };
      expect(outlines).toEqual({
        headless: shown('interrupted'),
        editor: shown('asked again'),
        repl: shown('asked again'),
        ...(web ? { web: shown('asked again') } : {}),
      });
    } finally {
      await browser?.close();
    }
  });
});

// ── headless ──────────────────────────────────────────────────────────────────────────────

interface HistoryEntry {
  kind: string;
  shown?: string;
  command?: string;
  summary?: string;
  output?: string;
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
      case 'shell':
        return [`prompt: !${entry.command}`, shellLine(entry.summary ?? '', entry.output ?? '')];
      case 'questionnaire':
        return [withAnswers(`questionnaire ${entry.card}`, answers(entry))];
      case 'plan':
        return [`plan: ${entry.decision?.decision === 'approve' ? 'approved' : entry.state}`];
      case 'tool':
        return [`${entry.title}: ${entry.state}`];
      default:
        return [];
    }
  });
}

/** An outline line and the answers it shows, if any. */
function withAnswers(line: string, answers: string): string {
  return answers === '' ? line : `${line}: ${answers}`;
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

/** What the editor was shown: the updates, and the questions of each form it was asked to show. */
interface EditorShown {
  updates: Update[];
  forms: string[][];
}

async function editorUpdates(
  { home, workspace }: { home: string; workspace: string },
  server: FakeServer,
): Promise<EditorShown> {
  const acp = await import('@agentclientprotocol/sdk');
  const child = spawn(process.execPath, [path.join(DIST, 'agent-acp.js'), ...fakeArgs(server)], {
    env: env(home),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('close', resolve));
  const updates: Update[] = [];
  let replayed: number | undefined;
  const forms: string[][] = [];
  let formShown!: () => void;
  const asked = new Promise<void>((resolve) => (formShown = resolve));
  const app = acp
    .client({ name: 'parity-editor' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params.update as Update);
    })
    // The form of a questionnaire the load offers again: its questions are its choice fields.
    .onRequest(acp.methods.client.elicitation.create, ({ params }) => {
      const { requestedSchema } = params as {
        requestedSchema?: { properties?: Record<string, { title?: string; enum?: unknown }> };
      };
      const fields = Object.values(requestedSchema?.properties ?? {});
      forms.push(fields.flatMap((field) => (field.enum ? [field.title ?? ''] : [])));
      formShown();
      // Nobody answers it here.
      return new Promise<never>(() => undefined);
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
      // An editor that shows forms: questionnaires can be answered, so the load offers one again.
      clientCapabilities: { elicitation: { form: {} } },
    });
    // The replayed updates are all sent before the load answers; the form comes after it.
    await connection.agent.request('session/load', {
      sessionId: TRANSCRIPT_SAMPLE_ID,
      cwd: workspace,
      mcpServers: [],
    });
    replayed = updates.length;
    await asked;
  } finally {
    child.stdin.end();
    await exited;
  }
  // The replay; what follows is the continued turn's own updates.
  return { updates: updates.slice(0, replayed), forms };
}

function editorOutline({ updates, forms }: EditorShown): string[] {
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
    else if (update.status === 'pending' && /^Asking \d+ question/.test(update.title ?? '')) {
      // Drawn pending, and asked again in a form.
      outline.push(`questionnaire asked again: ${forms.map((form) => form.join(', ')).join('; ')}`);
    } else if (update.title?.startsWith('! ')) {
      // A person's command: its output, then how it ended.
      const said = summary.split('\n');
      outline.push(shellLine(said.at(-1) ?? '', said.slice(0, -1).join('\n')));
    } else if (summary.startsWith('Questionnaire')) {
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
  // Bounded by count: each capture is a process run; the replay is drawn long before. The
  // questionnaire the resume offers again comes as a card below the line that says so.
  for (let attempt = 0; attempt < 400; attempt++) {
    const screen = tmux('capture-pane', '-p', '-t', 'repl');
    if (/Question \d+ of \d+/.test(screen.split('Resumed session')[1] ?? '')) return screen;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`the REPL never asked again:\n${tmux('capture-pane', '-p', '-t', 'repl')}`);
}

/** The replay on the REPL's screen, up to the line that says the session resumed. */
function replOutline(screen: string): string[] {
  const lines = screen.split('\n');
  const card = screen.split('Resumed session')[1] ?? '';
  const outline: string[] = [];
  const answersFrom = (start: number): string => {
    const answers: string[] = [];
    for (let i = start + 1; i < lines.length && lines[i]!.startsWith('  '); i++) {
      const answer = /^\s+→ (.*?)( \(typed\))?$/.exec(lines[i]!);
      if (answer) answers.push(answer[1]!);
    }
    return answers.join(', ');
  };
  /** The indented lines under line `start`, trimmed. */
  const under = (start: number): string[] => {
    const found: string[] = [];
    for (let i = start + 1; i < lines.length && lines[i]!.startsWith('  '); i++) {
      found.push(lines[i]!.trim());
    }
    return found;
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
    } else if (/^■ Questionnaire interrupted/.test(line)) {
      // Drawn as it stood; a card below the resume line asks its questions again.
      const questions = under(i).filter((text) => !/^[→⊘]/.test(text));
      const again = questions.length > 0 && questions.every((question) => card.includes(question));
      outline.push(
        again ? `questionnaire asked again: ${questions.join(', ')}` : 'questionnaire interrupted',
      );
    } else if (/^✓ Plan approved/.test(line)) outline.push('plan: approved');
    else if ((match = /^■ Interrupted (.*)/.exec(line))) outline.push(`${match[1]}: interrupted`);
    else if (/^✗ ! /.test(line)) outline.push(shellLine(line, under(i).join('\n')));
  }
  return outline;
}

// ── web page (agent serve, in Chromium) ───────────────────────────────────────────────────

/**
 * The page `agent serve` prints, after it resumed the sample: each transcript line as the page
 * draws it (its class, then its text as the reader sees it), and the questions of the card the
 * page shows.
 */
async function webPage(
  { home, workspace }: { home: string; workspace: string },
  server: FakeServer,
  browser: Browser,
): Promise<{ lines: string[]; card: string[] }> {
  const key = { OPENAI_API_KEY: 'k' };
  const served = startServe(['--cwd', workspace, ...fakeArgs(server)], { home, workspace }, key);
  try {
    const page = await browser.newPage();
    await page.goto(await served.url);
    // Strings, run in the page: this package's types have no DOM.
    await page.waitForFunction(`document.getElementById('state')?.textContent === 'Ready'`);
    const status = await page.evaluate(
      `fetch('/operations', { method: 'POST', body: JSON.stringify({ type: 'resume', id: '${TRANSCRIPT_SAMPLE_ID}' }) }).then((response) => response.status)`,
    );
    if (status !== 200) throw new Error(`the page could not resume the sample: ${status}`);
    await page.waitForFunction(
      `Array.from(document.querySelectorAll('#transcript > li')).some((item) => item.textContent === 'A saved session was resumed.')`,
    );
    return (await page.evaluate(`({
      lines: Array.from(document.querySelectorAll('#transcript > li')).map(
        (item) => item.className + ': ' + item.innerText,
      ),
      card: Array.from(document.querySelectorAll('#cards form[aria-label="Questions"] legend')).map(
        (legend) => legend.textContent,
      ),
    })`)) as { lines: string[]; card: string[] };
  } finally {
    served.child.kill('SIGTERM');
    await served.exited;
  }
}

function webOutline({ lines, card }: { lines: string[]; card: string[] }): string[] {
  const answers = (text: string): string =>
    [...text.matchAll(/→ (.*)/g)].map((match) => match[1]!.replace(/ \(typed\)$/, '')).join(', ');
  const outline: string[] = [];
  let amending = false;
  for (const line of lines) {
    const [, kind, text = ''] = /^(\w+): ([\s\S]*)$/.exec(line) ?? [];
    if (kind === 'you') outline.push(`prompt: ${text}`);
    if (kind === 'notice') amending = text === 'Amended by the person afterwards:';
    if (kind !== 'tool') continue;
    const [title = '', ...rest] = text.split('\n');
    let match: RegExpExecArray | null;
    if (amending) outline.push(`amended: ${answers(text)}`);
    else if ((match = /^Questionnaire (cancelled|interrupted)?/m.exec(text))) {
      outline.push(`questionnaire ${match[1] ?? 'answered'}: ${answers(text)}`);
    } else if (/ \(running\)$/.test(title) && card.some((question) => title.includes(question))) {
      // Its line waits; the card below asks its questions again.
      outline.push(`questionnaire asked again: ${card.join(', ')}`);
    } else if (rest.includes('plan approved')) outline.push('plan: approved');
    else if (title.startsWith('! '))
      outline.push(shellLine(rest[0] ?? '', rest.slice(1).join('\n')));
    else if ((match = /^(.*) \((\w+)\)$/.exec(title))) outline.push(`${match[1]}: ${match[2]}`);
    amending = false;
  }
  return outline;
}
