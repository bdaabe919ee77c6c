// What the replay-parity test's front ends share: the bundle, a bed per front end, the fake model.
import fs from 'node:fs';
import path from 'node:path';
import { TRANSCRIPT_SAMPLE_ID, writeTranscriptSample, type FakeServer } from '@agent/testkit';

/** The built bundle every front end runs from. */
export const DIST = path.resolve(__dirname, '..', '..', '..', 'dist');
/** The tmux server the REPL runs in. */
export const TMUX = 'replay-parity';

/** One front end's own home and workspace, holding the sample session. */
export function bed(root: string, name: string): { home: string; workspace: string } {
  const home = path.join(root, name, 'home');
  const workspace = path.join(root, name, 'workspace');
  fs.mkdirSync(path.join(home, 'sessions'), { recursive: true });
  fs.mkdirSync(workspace, { recursive: true });
  writeTranscriptSample(path.join(home, 'sessions', `${TRANSCRIPT_SAMPLE_ID}.jsonl`), workspace);
  return { home, workspace };
}

export function env(home: string): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    if (process.env[name] !== undefined) kept[name] = process.env[name];
  }
  return { ...kept, AGENT_HOME: home, OPENAI_API_KEY: 'k' };
}

export function fakeArgs(server: FakeServer): string[] {
  return ['--provider', 'openai-chat', '--model', 'fake-model', '--base-url', `${server.url}/v1`];
}

/** `shell: exit N: OUTPUT`, from a command's ending as a front end words it (`exit code 1`). */
export function shellLine(ending: string, output: string): string {
  return `shell: exit ${/exit (?:code )?(\d+)/.exec(ending)?.[1] ?? '?'}: ${output}`;
}
