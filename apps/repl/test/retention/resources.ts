import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import type { AgentSession } from '@agent/runtime';
import { tempDirs } from './scenario';
import { useFakeAwsCredentials, type Wire } from './wires';

/**
 * Per-test resources released after each test (fakes closed, cores closed, temp dirs removed),
 * and fake AWS credentials for the whole file. Call once at the top level of a test file.
 */
export function retentionResources() {
  let aws: { restore(): void };
  beforeAll(() => {
    aws = useFakeAwsCredentials();
  });
  afterAll(() => aws.restore());

  let cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  return {
    async start(wire: Wire, script: ScriptedTurn[]): Promise<FakeServer> {
      const server = await wire.start(script);
      cleanup.push(() => server.close());
      return server;
    },
    async dirs() {
      const made = await tempDirs();
      cleanup.push(made.dispose);
      return made;
    },
    track(core: AgentSession): AgentSession {
      cleanup.push(() => core.close());
      return core;
    },
  };
}
