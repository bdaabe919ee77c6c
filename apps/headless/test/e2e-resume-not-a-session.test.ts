import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, runCli } from './support/cli';
import { useCliHarness } from './support/harness';

jest.setTimeout(60_000);

describe('headless: --resume of a file that is not a session (issue 26 item 14)', () => {
  const cli = useCliHarness();

  it('is a usage error, and the file is left exactly as it was', async () => {
    cli.sandbox.write('p.txt', 'hello');
    const notes = path.join(cli.sandbox.workspace, 'notes.jsonl');
    const original = '{"todo": "buy milk"}\nnot json at all\n';
    fs.writeFileSync(notes, original);
    const run = await runCli(
      ['p.txt', '--provider', 'demo', '--resume', notes],
      cliEnv(cli.sandbox),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not an agent session');
    expect(fs.readFileSync(notes, 'utf8')).toBe(original);
  });
});
