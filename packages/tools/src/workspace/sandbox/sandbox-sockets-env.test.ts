import { promises as fs } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { bwrapForTests } from '../../testing/bwrap';
import { makeWorkspace, runTool, type Fixture } from '../__tests__/workspace-fixture';
import { stopShellProcesses } from '../process-groups';
import { runShellTool } from '../run-shell';
import { ShellSandbox, type ShellSandboxOptions } from './shell-sandbox';

const describeSandbox = bwrapForTests() ? describe : describe.skip;

let ws: Fixture;
/** Outside /tmp (which the sandbox replaces with a private one). */
let outsideDir: string;
const servers: net.Server[] = [];

beforeEach(async () => {
  ws = await makeWorkspace({ 'hello.txt': 'hi\n' });
  outsideDir = await fs.realpath(await fs.mkdtemp('/var/tmp/agent-sockets-test-'));
});

afterEach(async () => {
  await stopShellProcesses(300);
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
  await ws.cleanup();
  await fs.rm(outsideDir, { recursive: true, force: true });
});

/** A unix socket server on the host that counts the connections it gets. */
async function socketServer(file: string): Promise<{ hits: () => number }> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  let hits = 0;
  const server = net.createServer((socket) => {
    hits++;
    socket.end('REACHED-HOST\n');
  });
  await new Promise<void>((resolve) => server.listen(file, resolve));
  servers.push(server);
  return { hits: () => hits };
}

const connect = (file: string) =>
  `node -e "require('net').connect('${file}').on('data', d => { process.stdout.write(d); process.exit(0) }).on('error', e => { console.log('NO-SOCKET', e.code); process.exit(1) })"`;

function sandboxed(env: NodeJS.ProcessEnv, more: Partial<ShellSandboxOptions> = {}) {
  const sandbox = new ShellSandbox({ mode: 'auto', env, mayLeave: false, ...more });
  return runShellTool({ sandbox, killGraceMs: 300 });
}

describeSandbox('the host’s sockets and variables in the sandbox (real bubblewrap)', () => {
  it('hides $XDG_RUNTIME_DIR, /run and the socket $SSH_AUTH_SOCK names; a socket the person allows is reachable', async () => {
    const runtime = path.join(outsideDir, 'run-user');
    const bus = path.join(runtime, 'bus');
    const agent = path.join(outsideDir, 'agent', 'ssh-agent.sock');
    const counters = [await socketServer(bus), await socketServer(agent)];
    // Where the tests may write /run (as root), a daemon's socket there too, as docker's is.
    let daemon: string | undefined;
    if (process.getuid?.() === 0) {
      daemon = path.join('/run', path.basename(outsideDir), 'docker.sock');
      counters.push(await socketServer(daemon));
    }
    try {
      const env = { ...process.env, XDG_RUNTIME_DIR: runtime, SSH_AUTH_SOCK: agent };
      const tool = sandboxed(env);
      for (const socket of [bus, agent, ...(daemon ? [daemon] : [])]) {
        const result = await runTool(tool, { command: connect(socket) }, ws.ctx());
        expect(result.output).toContain('NO-SOCKET');
        expect(result.output).not.toContain('REACHED-HOST');
      }
      const listed = await runTool(
        tool,
        { command: `{ ls -A /run; ls -A ${runtime}; } | wc -l` },
        ws.ctx(),
      );
      expect(listed.output).toMatch(/^0\n/);
      expect(counters.map((counter) => counter.hits())).toEqual(counters.map(() => 0));

      const allowing = sandboxed(env, { allowSockets: [bus, ...(daemon ? [daemon] : [])] });
      for (const socket of [bus, ...(daemon ? [daemon] : [])]) {
        const result = await runTool(allowing, { command: connect(socket) }, ws.ctx());
        expect(result.output).toContain('REACHED-HOST');
      }
      expect(counters[0]!.hits()).toBe(1);
    } finally {
      if (daemon) await fs.rm(path.dirname(daemon), { recursive: true, force: true });
    }
  });

  it('passes only the allowed variables: secrets under any name stay out, the person’s extra names come in', async () => {
    const secrets = {
      DATABASE_URL: 'postgres://u:DB-SECRET@db/x',
      MYSQL_PWD: 'MYSQL-SECRET',
      GH_PAT: 'GH-SECRET',
      SENTRY_DSN: 'https://SENTRY-SECRET@sentry.example/1',
      MY_TOOL_HOME: '/opt/my-tool',
    };
    const env = { ...process.env, ...secrets, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8', TERM: 'dumb' };
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const plain = await runTool(sandboxed(env), { command: 'env' }, ws.ctx());
      for (const secret of ['DB-SECRET', 'MYSQL-SECRET', 'GH-SECRET', 'SENTRY-SECRET', 'MY_TOOL']) {
        expect(plain.output).not.toContain(secret);
      }
      for (const kept of ['PATH=', 'HOME=', 'LANG=C.UTF-8', 'LC_ALL=C.UTF-8', 'TERM=dumb']) {
        expect(plain.output).toMatch(new RegExp(`^${kept}`, 'm'));
      }
      expect(plain.output).toMatch(/^TMPDIR=\/tmp$/m);
      const widened = await runTool(
        sandboxed(env, { allowEnv: ['MY_TOOL_*', 'SENTRY_DSN'] }),
        { command: 'env' },
        ws.ctx(),
      );
      expect(widened.output).toContain('MY_TOOL_HOME=/opt/my-tool');
      expect(widened.output).toContain('SENTRY-SECRET');
      expect(widened.output).not.toContain('DB-SECRET');
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
});
