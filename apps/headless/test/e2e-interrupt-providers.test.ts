import type { Fault } from '@agent/testkit';
import { cliEnv, sessionEvents, startCli } from './support/cli';
import { useCliHarness } from './support/harness';
import { PROVIDER_WIRES, providerArgs, providerEnv } from './support/provider-wires';

jest.setTimeout(60_000);

/** Per provider, the wire events up to and including the first text. */
const FIRST_TEXT: Record<string, number> = {
  'openai-chat': 2,
  'openai-responses': 5,
  anthropic: 4,
  bedrock: 2,
  genkit: 1,
};

const cases: Array<[string, string, Fault | undefined]> = [
  ...Object.keys(PROVIDER_WIRES).map((id): [string, string, undefined] => [
    id,
    'stalls',
    undefined,
  ]),
  ['genkit', 'sends only keep-alives', { kind: 'hang', afterEvents: 1, keepAliveMs: 50 }],
];

describe('SIGINT while the stream is stalled, for every provider', () => {
  const cli = useCliHarness();

  it.each(cases)(
    '%s: the stream %s; exit 130, the lock released, the session complete',
    async (id, _what, fault) => {
      const wire = PROVIDER_WIRES[id]!;
      const server = await cli.serve(
        [
          {
            text: ['Working on it', ' and more'],
            fault: fault ?? { kind: 'hang', afterEvents: FIRST_TEXT[id]! },
          },
        ],
        wire.protocol,
      );
      cli.sandbox.write('p.txt', 'Take your time.');
      const run = startCli(
        ['p.txt', ...providerArgs(id, wire, server.url)],
        cliEnv(cli.sandbox, providerEnv(wire, cli.sandbox)),
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
      expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'interrupted' });
    },
  );
});
