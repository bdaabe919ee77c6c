import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { bwrapForTests, pathWithout } from '@agent/tools/testing';
import { startOpenAIChatServer, type FakeServer, type ScriptedTurn } from '../src';
import {
  CLI_DIR,
  installCli,
  installedPackages,
  runCommand,
  type InstalledCli,
} from './support/installed-cli';
import { pack, run } from './support/pack';
import { chatArgs, toolResults, WIRES } from './support/provider-wires';

// Where bwrap does not work the sandboxed part is skipped with one line (a failure under
// AGENT_TEST_REQUIRE_TOOLS=1); the fallback without it runs everywhere.
const itWithBwrap = bwrapForTests() ? it : it.skip;

// Each command waits at most a minute (runCommand), and an install of its own takes longer.
jest.setTimeout(180_000);

/**
 * The README's install: every package and the commands published to a local registry (no
 * uplinks, so never the network), then `npm install -g @agent/cli` by name into a fresh prefix.
 * From an unrelated directory the installed commands run a turn on every provider wire, fetch a
 * page, use an MCP server from the npm registry, run commands in the sandbox (through the shell
 * parser's rules; without bubblewrap, unsandboxed after saying so), and the REPL answers in a tmux
 * terminal.
 */
describe('the commands installed globally by name from a registry', () => {
  let scratch: string;
  let elsewhere: string;
  let home: string;
  let cli: InstalledCli | undefined;
  const fakes: FakeServer[] = [];
  const abort = new AbortController();
  const bin = (name: string) => cli!.bin(name);
  const env = (extra: NodeJS.ProcessEnv = {}) => ({ AGENT_HOME: home, ...extra });
  const serve = async (turns: ScriptedTurn[], start = startOpenAIChatServer) => {
    const fake = await start(turns);
    fakes.push(fake);
    return fake;
  };

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-global-'));
    elsewhere = path.join(scratch, 'some-project');
    home = path.join(scratch, 'home');
    fs.mkdirSync(elsewhere);
    cli = await installCli(scratch, abort.signal);
    // The README's figures come from this line (and `time npm install -g` by hand).
    console.log(
      `npm install -g @agent/cli: ${(cli.bytes / 1e6).toFixed(1)} MB (du -sh: ` +
        `${execFileSync('du', ['-sh', cli.prefix], { encoding: 'utf8' }).split('\t')[0]}, ` +
        `${installedPackages(path.join(cli.prefix, 'lib', 'node_modules')).length} packages) ` +
        `in ${cli.seconds.toFixed(1)} s`,
    );
  }, 600_000);

  afterAll(async () => {
    abort.abort();
    await cli?.registry.close();
    await Promise.all(fakes.map((fake) => fake.close()));
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('installs the package and its declared dependencies only, each once, under 150 MB', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(CLI_DIR, 'package.json'), 'utf8'));
    const root = path.join(cli!.prefix, 'lib', 'node_modules');
    expect(installedPackages(root).sort()).toEqual(
      ['@agent/cli', ...Object.keys(manifest.dependencies)].sort(),
    );
    expect(cli!.bytes).toBeLessThan(150e6);
  });

  it('prints the version from an unrelated directory and writes nothing there', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(CLI_DIR, 'package.json'), 'utf8'));
    for (const name of ['agent', 'agent-run', 'agent-acp']) {
      const result = await runCommand(bin(name), ['--version'], { cwd: elsewhere });
      expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
    }
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    // The installed commands run the installed code, not this checkout's.
    expect(fs.realpathSync(bin('agent-run')).startsWith(fs.realpathSync(cli!.prefix))).toBe(true);
  });

  it.each(Object.keys(WIRES))('agent-run answers a turn on %s', async (id) => {
    const [start, baseUrl, credentials] = WIRES[id]!;
    const fake = await serve([{ text: `Installed ${id} answering.` }], start);
    // As from another project's npm script, which names that project's root in INIT_CWD.
    const result = await runCommand(
      bin('agent-run'),
      ['-', '--provider', id, '--model', 'm', '--base-url', baseUrl(fake.url)],
      { cwd: elsewhere, env: env({ ...credentials, INIT_CWD: scratch }), input: 'Say something.' },
    );
    expect(result.stderr).not.toMatch(/^(error|agent-run:)/m);
    expect(result.stdout).toContain(`Installed ${id} answering.`);
    expect(result.code).toBe(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('fetches a loopback page as Markdown with web_fetch', async () => {
    const site = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        '<html><head><title>Notes</title></head><body><nav>Home</nav><article><h1>Notes</h1>' +
          '<p>The <strong>kettle</strong> is blue, and this paragraph is long enough for ' +
          'Readability to keep it as the article of the page it reads.</p></article></body></html>',
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(site.address() as { port: number }).port}/notes`;
      const fake = await serve([
        { toolCalls: [{ id: 'f1', name: 'web_fetch', arguments: { url } }] },
        { text: 'Read it.' },
      ]);
      const result = await runCommand(bin('agent-run'), ['-', ...chatArgs(fake), '--yes'], {
        cwd: elsewhere,
        env: env({ OPENAI_API_KEY: 'k' }),
        input: 'What colour is the kettle?',
      });
      expect(result.code).toBe(0);
      expect(toolResults(fake, 1).f1).toContain('The **kettle** is blue');
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('calls a tool of an MCP server from the npm registry (stdio)', async () => {
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(
      path.join(home, 'config.json'),
      JSON.stringify({
        mcpServers: { everything: { command: process.execPath, args: [script, 'stdio'] } },
      }),
    );
    try {
      const call = { id: 'e1', name: 'mcp__everything__echo', arguments: { message: 'ping 7' } };
      const fake = await serve([{ toolCalls: [call] }, { text: 'Echoed.' }]);
      const result = await runCommand(bin('agent-run'), ['-', ...chatArgs(fake), '--yes'], {
        cwd: elsewhere,
        env: env({ OPENAI_API_KEY: 'k' }),
        input: 'Echo something.',
      });
      expect(result.stderr).not.toMatch(/MCP server everything failed/);
      expect(result.code).toBe(0);
      expect(toolResults(fake, 1).e1).toContain('ping 7');
    } finally {
      fs.rmSync(path.join(home, 'config.json'));
    }
  });

  /** agent-run told to touch a file in the workspace and one outside it, its allow rule covering both. */
  async function touchBoth(outside: string, more: NodeJS.ProcessEnv = {}) {
    const touch = (id: string, file: string) => ({
      id,
      name: 'run_shell',
      arguments: { command: `touch ${file}` },
    });
    const fake = await serve([
      { toolCalls: [touch('in', 'inside.txt'), touch('out', path.join(outside, 'escaped'))] },
      { text: 'Touched.' },
    ]);
    const result = await runCommand(
      bin('agent-run'),
      ['-', ...chatArgs(fake), '--allow', 'run_shell(touch *)'],
      { cwd: elsewhere, env: env({ OPENAI_API_KEY: 'k', ...more }), input: 'Touch both.' },
    );
    return { result, told: toolResults(fake, 1) };
  }

  describe('run_shell', () => {
    let outside: string;
    beforeEach(() => {
      // Outside the workspace and outside /tmp, which the sandbox replaces with a private one.
      outside = fs.mkdtempSync('/var/tmp/agent-global-');
    });
    afterEach(() => {
      fs.rmSync(outside, { recursive: true, force: true });
      fs.rmSync(path.join(elsewhere, 'inside.txt'), { force: true });
    });

    itWithBwrap(
      'runs commands an allow rule covers (the shell parser) inside the sandbox',
      async () => {
        const { result, told } = await touchBoth(outside);
        expect(result.code).toBe(0);
        expect(fs.existsSync(path.join(elsewhere, 'inside.txt'))).toBe(true);
        expect(told.out).toContain('ran sandboxed');
        expect(fs.existsSync(path.join(outside, 'escaped'))).toBe(false);
      },
    );

    it('without bubblewrap on PATH, says once how to install it and runs them unsandboxed', async () => {
      const { result, told } = await touchBoth(outside, {
        PATH: pathWithout(scratch, ['bwrap']),
      });
      expect(result.code).toBe(0);
      expect(fs.existsSync(path.join(elsewhere, 'inside.txt'))).toBe(true);
      expect(fs.existsSync(path.join(outside, 'escaped'))).toBe(true);
      expect(told.out).toMatch(/\[exit code 0\]$/);
      const notices = result.stderr.match(/Sandbox auto: bwrap \(bubblewrap\) is not on PATH/g);
      expect(notices).toHaveLength(1);
      expect(result.stderr).toContain('apt-get install bubblewrap');
    });
  });

  it('exits 130 when SIGINT interrupts a headless turn', async () => {
    const hanging = await serve([{ text: 'Thinking', fault: { kind: 'hang', afterEvents: 2 } }]);
    const result = await runCommand(
      bin('agent-run'),
      ['-', ...chatArgs(hanging)],
      { cwd: elsewhere, env: env({ OPENAI_API_KEY: 'k' }), input: 'Take your time.' },
      async (child) => {
        const until = Date.now() + 30_000;
        while (hanging.requests.length === 0 && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        child.kill('SIGINT');
      },
    );
    expect(result.code).toBe(130);
  });

  it('agent serve serves the page from the installed package alone, then stops on SIGTERM', async () => {
    const result = await runCommand(
      bin('agent'),
      ['serve'],
      { cwd: elsewhere, env: env() },
      async (child) => {
        const url = await new Promise<string>((resolve) => {
          let line = '';
          child.stdout!.on('data', (chunk: Buffer) => {
            line += chunk.toString();
            if (line.includes('\n')) resolve(line.split('\n')[0]!);
          });
        });
        const { origin, searchParams } = new URL(url);
        const headers = { authorization: `Bearer ${searchParams.get('token')}` };
        for (const route of ['/', '/page.js', '/page.css']) {
          const response = await fetch(`${origin}${route}`, { headers });
          expect([route, response.status]).toEqual([route, 200]);
          expect((await response.text()).length).toBeGreaterThan(100);
        }
        child.kill('SIGTERM');
      },
    );
    expect(result.code).toBe(143);
    expect(result.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+\n$/);
  });

  it('installs the same from a tarball of the package (pnpm pack), its dependencies from the registry', async () => {
    const tarball = pack(CLI_DIR, path.join(scratch, 'tarball'));
    const prefix = path.join(scratch, 'prefix-from-tarball');
    run('npm', ['install', '--global', '--prefix', prefix, '--loglevel=error', tarball], scratch, {
      env: cli!.registry.env,
      timeout: 300_000,
    });
    const fake = await serve([{ text: 'Installed from the tarball.' }]);
    const result = await runCommand(
      path.join(prefix, 'bin', 'agent-run'),
      ['-', ...chatArgs(fake)],
      {
        cwd: elsewhere,
        env: env({ OPENAI_API_KEY: 'k' }),
        input: 'Say something.',
      },
    );
    expect(result.stdout).toContain('Installed from the tarball.');
    expect(result.code).toBe(0);
  });

  it('keeps the documented exit codes: 2 for usage errors', async () => {
    for (const name of ['agent', 'agent-run', 'agent-acp']) {
      const result = await runCommand(bin(name), ['--no-such-flag'], { cwd: elsewhere });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--no-such-flag/);
    }
  });

  /** The installed REPL started from `elsewhere` in a tmux terminal of its own. */
  function replInTmux(fake: FakeServer) {
    // A server of its own per REPL: the last test's server may still be exiting after its
    // kill-server, and a new session sent to it fails ("server exited unexpectedly").
    const socket = `global-install-${process.pid}-${fakes.length}`;
    const tmux = (...args: string[]) =>
      execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
    const screen = () => tmux('capture-pane', '-p', '-t', 'repl');
    const until = async (done: () => unknown) => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !done()) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const exitFile = path.join(scratch, `repl-exit-${fakes.length}`);
    const command = [
      `cd '${elsewhere}' &&`,
      `env -u INIT_CWD TERM=xterm-256color AGENT_HOME='${home}' OPENAI_API_KEY=k`,
      `'${bin('agent')}' ${chatArgs(fake).join(' ')};`,
      `echo $? > '${exitFile}'; sleep 30`,
    ].join(' ');
    tmux('new-session', '-d', '-s', 'repl', '-x', '100', '-y', '30', command);
    // The shell creates the file before echo writes the code into it.
    const exitCode = () => fs.existsSync(exitFile) && fs.readFileSync(exitFile, 'utf8').trim();
    return {
      tmux,
      waitFor: async (text: string) => {
        await until(() => screen().includes(text));
        expect(screen()).toContain(text);
      },
      exited: async () => {
        await until(exitCode);
        return exitCode();
      },
      pid: () => {
        const shell = tmux('display', '-p', '-t', 'repl', '#{pane_pid}').trim();
        return Number(execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).split('\n')[0]);
      },
      close: () => {
        try {
          tmux('kill-server');
        } catch {
          // already gone
        }
      },
    };
  }

  it('the REPL in a tmux terminal: starts, answers a prompt on screen, quits', async () => {
    const fake = await serve([{ text: 'Installed REPL answering.' }]);
    const repl = replInTmux(fake);
    try {
      await repl.waitFor('ready');
      repl.tmux('send-keys', '-t', 'repl', '-l', 'Are you installed?');
      repl.tmux('send-keys', '-t', 'repl', 'Enter');
      await repl.waitFor('Installed REPL answering.');
      await repl.waitFor('ready');
      repl.tmux('send-keys', '-t', 'repl', 'C-c');
      await repl.waitFor('Ctrl+C again');
      repl.tmux('send-keys', '-t', 'repl', 'C-c');
      expect(await repl.exited()).toBe('0');
      expect(fake.requests).toHaveLength(1);
    } finally {
      repl.close();
    }
  });

  it('the REPL exits 130 when SIGINT reaches it', async () => {
    const repl = replInTmux(await serve([]));
    try {
      await repl.waitFor('ready');
      process.kill(repl.pid(), 'SIGINT');
      expect(await repl.exited()).toBe('130');
    } finally {
      repl.close();
    }
  });
});
