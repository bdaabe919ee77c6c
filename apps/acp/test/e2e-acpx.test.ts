import { spawn } from 'node:child_process';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { agentEnv, BIN, createSandbox, fakeArgs, type Sandbox } from './support/editor';

jest.setTimeout(60_000);

/** acpx needs Node 22.13 or later (CI's Node 24 pass runs this; locally .cache/node24). */
const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
const acpxRuns = major > 22 || (major === 22 && minor >= 13);
const ACPX = path.join(__dirname, '..', 'node_modules', '.bin', 'acpx');

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ACPX, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** Another ACP client, from the npm registry, runs one prompt against the built agent-acp. */
(acpxRuns ? describe : describe.skip)('agent-acp under acpx', () => {
  let sandbox: Sandbox;
  let fake: FakeServer;

  beforeAll(async () => {
    sandbox = createSandbox();
    fake = await startOpenAIChatServer([{ text: 'Hello through acpx' }]);
  });

  afterAll(async () => {
    await fake.close();
    sandbox.cleanup();
  });

  it('answers a one-shot prompt', async () => {
    const agent = [process.execPath, BIN, ...fakeArgs(fake)].join(' ');
    const env = { ...agentEnv(sandbox), HOME: sandbox.agentHome };
    const result = await run(
      [
        '--agent',
        agent,
        '--cwd',
        sandbox.workspace,
        '--approve-all',
        '--format',
        'text',
        'exec',
        'hi',
      ],
      env,
    );
    expect(result.out).toContain('Hello through acpx');
    expect(result.code).toBe(0);
    expect(fake.requests).toHaveLength(1);
  });
});
