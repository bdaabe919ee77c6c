import path from 'node:path';
import { startFakeServer, type FakeServer, type Fault } from '@agent/testkit';
import { cliEnv, sessionEvents, startCli } from './support/cli';
import { useCliHarness } from './support/harness';
import { PROVIDERS } from './support/provider-cases';

jest.setTimeout(60_000);

const cases: Array<[string, string, Fault | undefined]> = [
  ...Object.keys(PROVIDERS).map((id): [string, string, undefined] => [id, 'stalls', undefined]),
  ['genkit', 'sends only keep-alives', { kind: 'hang', afterEvents: 1, keepAliveMs: 50 }],
];

describe('SIGINT while the stream is stalled, for every provider', () => {
  const cli = useCliHarness();
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each(cases)(
    '%s: the stream %s; exit 130, the lock released, the session complete',
    async (id, _what, fault) => {
      const { protocol, baseUrl, env, firstText } = PROVIDERS[id]!;
      server = await startFakeServer(protocol, [
        {
          text: ['Working on it', ' and more'],
          fault: fault ?? { kind: 'hang', afterEvents: firstText },
        },
      ]);
      cli.sandbox.write('p.txt', 'Take your time.');
      const run = startCli(
        ['p.txt', '--provider', id, '--model', 'test-model', '--base-url', baseUrl(server.url)],
        cliEnv(cli.sandbox, env(path.dirname(cli.sandbox.workspace))),
      );
      await run.waitForStdout('Working on it');
      run.child.kill('SIGINT');
      const result = await run.done;
      expect(result.code).toBe(130);
      expect(result.stderr).toMatch(/interrupted/);
      const files = cli.sandbox.sessionFiles();
      expect(files.filter((file) => file.endsWith('.lock'))).toEqual([]);
      const events = sessionEvents(files.find((file) => file.endsWith('.jsonl'))!);
      expect(events.find((e) => e.type === 'user')?.text).toBe('Take your time.');
      expect(events.find((e) => e.type === 'assistant')?.message.text).toMatch(/^Working on it/);
    },
  );
});
