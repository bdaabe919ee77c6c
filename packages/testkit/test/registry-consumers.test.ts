import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAnthropicServer, startOpenAIChatServer, type FakeServer } from '../src';
import type { LocalRegistry } from './support/local-registry';
import { installedPackages } from './support/installed-cli';
import { installScripts, nodeModulesKiB } from './support/installed-tree';
import { offlineRegistry } from './support/offline-registry';
import { run } from './support/pack';
import { PUBLIC_PACKAGES, ROOT, packageDir } from './support/public-packages';
import { readmeSnippets } from './support/readme-example';

const LLM = packageDir('llm');
const TESTKIT = packageDir('testkit');
const versionOf = (name: string, from: string) =>
  JSON.parse(fs.readFileSync(path.join(from, 'node_modules', name, 'package.json'), 'utf8'))
    .version as string;

/** One predefined option (its spaces kept) and one typed answer, as the person gives them. */
const ANSWERS = ['  MySQL 8 — managed  ', 'Both: REST for "public", gRPC inside'];
const ASK = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite', '  MySQL 8 — managed  '] },
    { question: 'Which API style?', options: ['REST', 'GraphQL', 'gRPC'] },
  ],
};
const ASK_RESULT = JSON.stringify({ answers: ANSWERS, cancelled: false });

/** Whether `value` holds the string `text` anywhere (a parsed request body). */
function holds(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value === text;
  if (value && typeof value === 'object') return Object.values(value).some((v) => holds(v, text));
  return false;
}

/**
 * Published for real: Verdaccio on 127.0.0.1 with no uplinks holds the third-party packages pnpm
 * installed and our packages published by `changeset publish`; programs in fresh folders install
 * from it with plain npm (no workspace settings) and run against the testkit's fake servers.
 */
describe('the packages published to a registry and installed with npm', () => {
  let scratch: string;
  let registry: LocalRegistry;
  const abort = new AbortController();

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-registry-'));
    registry = await offlineRegistry(
      path.join(scratch, 'registry'),
      [
        { name: 'openai', from: LLM },
        { name: '@anthropic-ai/sdk', from: LLM },
        { name: 'typescript', from: ROOT },
        { name: '@types/node', from: ROOT },
        { name: 'zod-3-25', from: TESTKIT },
        { name: 'zod-4-1', from: TESTKIT },
        // The real MCP server the @agent/mcp README's example starts.
        { name: '@modelcontextprotocol/server-filesystem', from: packageDir('mcp') },
      ],
      abort.signal,
    );
  }, 600_000);

  afterAll(async () => {
    abort.abort();
    await registry?.close();
    if (!process.env.KEEP_SCRATCH) fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** A fresh folder with `manifest`, installed from the registry by plain npm. */
  function install(name: string, manifest: Record<string, unknown>): string {
    const dir = path.join(scratch, name);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir, {
      env: registry.env,
      timeout: 300_000,
    });
    return dir;
  }

  it('installs @agent/llm with openai in under 60 MB, and names a missing provider SDK', () => {
    const dir = path.join(scratch, 'small');
    fs.mkdirSync(dir);
    run('npm', ['init', '-y'], dir, { env: registry.env });
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--loglevel=error', '@agent/llm', 'openai'],
      dir,
      {
        env: registry.env,
        timeout: 300_000,
      },
    );
    const kib = nodeModulesKiB(dir);
    console.log(`npm install @agent/llm openai: ${(kib / 1024).toFixed(1)} MB`);
    expect(kib / 1024).toBeLessThan(60);
    const script = `
      const { createProvider } = require('@agent/llm');
      try { createProvider('anthropic', { model: 'm' }); } catch (error) { console.log(error.message); }`;
    expect(run(process.execPath, ['-e', script], dir)).toContain(
      'the anthropic provider needs the package "@anthropic-ai/sdk", which is not installed: npm install @anthropic-ai/sdk',
    );
  }, 300_000);

  it('installs each package alone with what it needs only: no native grammar, no install script', () => {
    const sizes: string[] = [];
    const installedAlone = new Map<string, string[]>();
    for (const name of PUBLIC_PACKAGES) {
      const dir = install(`alone-${name}`, {
        name: 'alone',
        version: '1.0.0',
        private: true,
        dependencies: { [`@agent/${name}`]: '^0.1.0', zod: '4.1.0' },
      });
      expect({ name, scripts: installScripts(dir) }).toEqual({ name, scripts: [] });
      expect(fs.existsSync(path.join(dir, 'node_modules', 'tree-sitter-bash'))).toBe(false);
      const kib = nodeModulesKiB(dir);
      const packages = installedPackages(path.join(dir, 'node_modules'));
      installedAlone.set(name, packages);
      sizes.push(`@agent/${name}: ${(kib / 1024).toFixed(1)} MB, ${packages.length} packages`);
    }
    // ask_user needs the tool contract only: none of the workspace tools' shell parser, diff,
    // ignore or picomatch (nor the workspace tools themselves).
    const workspaceOnly = [
      '@agent/tools',
      'web-tree-sitter',
      'tree-sitter-bash',
      'diff',
      'ignore',
      'picomatch',
    ];
    const askuser = installedAlone.get('askuser')!;
    expect(askuser.filter((name) => workspaceOnly.includes(name))).toEqual([]);
    expect(askuser).toContain('@agent/tool-contract');
    expect(installedAlone.get('tool-contract')!.sort()).toEqual(['@agent/tool-contract', 'zod']);
    // The shell parser still works from the grammar @agent/tools ships.
    const tools = path.join(scratch, 'alone-tools');
    const script = `
      const { decideByRules } = require('@agent/tools/permission-rules');
      const rules = [{ action: 'deny', text: 'run_shell(rm)', source: 'test' }];
      const request = { toolCallId: 'c', toolName: 'run_shell', permission: 'exec', title: '$',
        input: {}, subject: 'echo hi && /bin/rm -rf x', subjectKind: 'command' };
      decideByRules(rules, request).then((verdict) => console.log(verdict.action));`;
    expect(run(process.execPath, ['-e', script], tools).trim()).toBe('deny');
    console.log(`npm install of each package alone (with zod):\n${sizes.join('\n')}`);
  }, 600_000);

  // The lowest zod of each major the peer range accepts (3.25.76, as the AI SDK asks, and 4.1):
  // the packages import `zod/v4`, which both provide.
  const consumers = [
    { kind: 'ESM TypeScript on zod 3.25', file: 'esm-main.ts', zod: '3.25.76', type: 'module' },
    {
      kind: 'CommonJS JavaScript on zod 4.1',
      file: 'cjs-main.cjs',
      zod: '4.1.0',
      type: 'commonjs',
    },
  ];

  const installed = new Map<string, string>();
  /** The consumer's folder, installed from the registry the first time it is asked for. */
  function consumerDir(consumer: (typeof consumers)[number]): string {
    const known = installed.get(consumer.file);
    if (known) return known;
    const dir = install(consumer.file.replace(/\W.*/, ''), {
      name: 'consumer',
      version: '1.0.0',
      private: true,
      type: consumer.type,
      dependencies: {
        '@agent/askuser': '^0.1.0',
        '@agent/llm': '^0.1.0',
        '@agent/mcp': '^0.1.0',
        '@agent/runtime': '^0.1.0',
        '@agent/session': '^0.1.0',
        '@agent/subagents': '^0.1.0',
        '@agent/tool-contract': '^0.1.0',
        '@agent/tools': '^0.1.0',
        '@modelcontextprotocol/server-filesystem': versionOf(
          '@modelcontextprotocol/server-filesystem',
          packageDir('mcp'),
        ),
        '@anthropic-ai/sdk': versionOf('@anthropic-ai/sdk', LLM),
        openai: versionOf('openai', LLM),
        zod: consumer.zod,
      },
      devDependencies: {
        typescript: versionOf('typescript', ROOT),
        '@types/node': versionOf('@types/node', ROOT),
      },
    });
    installed.set(consumer.file, dir);
    return dir;
  }

  /** tsc over `files` in `dir` with strict settings and no skipLibCheck: our declarations too. */
  function typeCheck(dir: string, files: string[]): void {
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          allowJs: true,
          checkJs: true,
          outDir: 'dist',
          types: ['node'],
        },
        files,
      }),
    );
    run(path.join(dir, 'node_modules', '.bin', 'tsc'), ['-p', '.'], dir);
  }

  /** Runs a built program without blocking this process (the fakes answer from it). */
  function runProgram(file: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        [file],
        { cwd, timeout: 60_000, env: { PATH: process.env.PATH, HOME: cwd, ...env } },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${file}: ${error.message}\n${stderr}`)) : resolve(stdout),
      );
    });
  }

  it.each(consumers)(
    'a $kind program type-checks and runs the agent',
    async (consumer) => {
      const dir = consumerDir(consumer);
      expect(versionOf('zod', dir)).toBe(consumer.zod);
      // The program and the scenario it shares with the other consumer, both type-checked here.
      const files = [consumer.file, 'scenario.cjs'];
      for (const file of files) {
        fs.copyFileSync(path.join(__dirname, 'fixtures', 'consumers', file), path.join(dir, file));
      }
      typeCheck(dir, files);
      const built = path.join(dir, 'dist', consumer.file.replace(/\.ts$/, '.js'));

      const workspace = path.join(dir, 'workspace');
      fs.mkdirSync(workspace);
      fs.writeFileSync(path.join(workspace, 'notes.md'), 'orders run on MySQL 8\n');
      const openai: FakeServer = await startOpenAIChatServer([
        // ask_user first: the loop runs an interactive call before any other of its response.
        { toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: ASK }] },
        {
          toolCalls: [
            { id: 'call_shout', name: 'shout', arguments: { text: 'hello' } },
            { id: 'call_read', name: 'read_file', arguments: { path: 'notes.md' } },
          ],
        },
        { text: 'Set up with MySQL 8.' },
      ]);
      const anthropic: FakeServer = await startAnthropicServer([{ text: 'You picked MySQL 8.' }]);
      try {
        const agentHome = path.join(dir, 'home');
        const output = await runProgram(built, dir, {
          CONSUMER_AGENT_HOME: agentHome,
          CONSUMER_WORKSPACE: workspace,
          CONSUMER_ANSWERS: JSON.stringify(ANSWERS),
          CONSUMER_OPENAI_URL: `${openai.url}/v1`,
          CONSUMER_ANTHROPIC_URL: anthropic.url,
        });
        const result = JSON.parse(output.trim().split('\n').pop()!);
        expect(result).toMatchObject({ reasons: ['done', 'done'], errors: [null, null] });
        expect(result.reply).toBe('You picked MySQL 8.');
        expect(result.missing).toContain('npm install @aws-sdk/client-bedrock-runtime');
        // The tool loop ran every tool on the first provider: ask_user answered by the program's
        // own channel, its own tool, a workspace tool.
        expect(openai.requests).toHaveLength(3);
        // Registering ask_user brought its guidance into the system prompt by itself.
        expect(JSON.stringify(openai.requests[0]!.body)).toContain('# Asking the user');
        expect(holds(openai.requests[1]!.body, ASK_RESULT)).toBe(true);
        const third = openai.requests[2]!.body;
        expect(holds(third, 'HELLO')).toBe(true);
        expect(JSON.stringify(third)).toContain('orders run on MySQL 8');
        // Saved, loaded and continued on the second provider with the exact answers.
        expect(anthropic.requests).toHaveLength(1);
        expect(holds(anthropic.requests[0]!.body, ASK_RESULT)).toBe(true);
        const sessions = fs.readdirSync(path.join(agentHome, 'sessions'), { recursive: true });
        expect(sessions.some((file) => String(file).includes(result.sessionId))).toBe(true);
      } finally {
        await openai.close();
        await anthropic.close();
      }
    },
    600_000,
  );

  it('compiles and runs every ts block of every README, and it prints what its README says', async () => {
    const dir = consumerDir(consumers[0]!);
    const snippets = PUBLIC_PACKAGES.flatMap((name) =>
      readmeSnippets(fs.readFileSync(path.join(packageDir(name), 'README.md'), 'utf8')).map(
        (snippet, index) => ({ name, ...snippet, file: `readme-${name}-${index + 1}.ts` }),
      ),
    );
    // Every package has a tested example; the reference blocks (mcp start-up, reading a session,
    // a person channel of your own) are whole programs too.
    expect([...new Set(snippets.map((snippet) => snippet.name))]).toEqual([...PUBLIC_PACKAGES]);
    expect(snippets.map((snippet) => `${snippet.name}: ${snippet.section}`)).toEqual(
      expect.arrayContaining([
        'mcp: Start-up',
        'session: Reading a session',
        'runtime: A person channel of your own',
      ]),
    );
    for (const snippet of snippets) fs.writeFileSync(path.join(dir, snippet.file), snippet.code);
    typeCheck(
      dir,
      snippets.map((snippet) => snippet.file),
    );
    for (const snippet of snippets) {
      const workspace = fs.mkdtempSync(path.join(scratch, `readme-${snippet.name}-`));
      fs.writeFileSync(path.join(workspace, 'notes.md'), 'orders run on MySQL 8\n');
      // The model the examples talk to: it reads notes.md, then answers.
      const openai = await startOpenAIChatServer([
        { toolCalls: [{ id: 'call_1', name: 'read_file', arguments: { path: 'notes.md' } }] },
        { text: 'The orders run on MySQL 8.' },
      ]);
      try {
        const output = await runProgram(
          path.join(dir, 'dist', snippet.file.replace(/\.ts$/, '.js')),
          workspace,
          {
            OPENAI_API_KEY: 'test-key',
            OPENAI_BASE_URL: `${openai.url}/v1`,
          },
        );
        if (snippet.prints !== undefined) {
          expect({ file: snippet.file, output: output.trimEnd() }).toEqual({
            file: snippet.file,
            output: snippet.prints,
          });
        }
      } finally {
        await openai.close();
      }
    }
  }, 300_000);
});
