// headless --output jsonl: the resumed sample's history entries, as an outline.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TRANSCRIPT_SAMPLE_ID, type FakeServer } from '@agent/testkit';
import { DIST, env, fakeArgs, shellLine } from './front-end-bed';

export interface HistoryEntry {
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

export async function headlessHistory(
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

export function headlessOutline(entries: readonly HistoryEntry[]): string[] {
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
