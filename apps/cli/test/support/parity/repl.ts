// The REPL in tmux: the screen after --resume of the sample, as an outline.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { TRANSCRIPT_SAMPLE_ID, type FakeServer } from '@agent/testkit';
import { DIST, fakeArgs, shellLine, TMUX } from './front-end-bed';

export async function replScreen(
  { home, workspace }: { home: string; workspace: string },
  server: FakeServer,
): Promise<string> {
  const command = [
    'env',
    'TERM=xterm-256color',
    `AGENT_HOME=${home}`,
    'OPENAI_API_KEY=k',
    process.execPath,
    path.join(DIST, 'agent.js'),
    ...fakeArgs(server),
    '--cwd',
    workspace,
    '--resume',
    TRANSCRIPT_SAMPLE_ID,
  ]
    .map((part) => `'${part.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const tmux = (...args: string[]): string =>
    execFileSync('tmux', ['-L', TMUX, ...args], { encoding: 'utf8' });
  tmux('new-session', '-d', '-s', 'repl', '-x', '110', '-y', '60', command);
  // Bounded by count: each capture is a process run; the replay is drawn long before. The
  // questionnaire the resume offers again comes as a card below the line that says so.
  for (let attempt = 0; attempt < 400; attempt++) {
    const screen = tmux('capture-pane', '-p', '-t', 'repl');
    if (/Question \d+ of \d+/.test(screen.split('Resumed session')[1] ?? '')) return screen;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`the REPL never asked again:\n${tmux('capture-pane', '-p', '-t', 'repl')}`);
}

/** The replay on the REPL's screen, up to the line that says the session resumed. */
export function replOutline(screen: string): string[] {
  const lines = screen.split('\n');
  const card = screen.split('Resumed session')[1] ?? '';
  const outline: string[] = [];
  const answersFrom = (start: number): string => {
    const answers: string[] = [];
    for (let i = start + 1; i < lines.length && lines[i]!.startsWith('  '); i++) {
      const answer = /^\s+→ (.*?)( \(typed\))?$/.exec(lines[i]!);
      if (answer) answers.push(answer[1]!);
    }
    return answers.join(', ');
  };
  /** The indented lines under line `start`, trimmed. */
  const under = (start: number): string[] => {
    const found: string[] = [];
    for (let i = start + 1; i < lines.length && lines[i]!.startsWith('  '); i++) {
      found.push(lines[i]!.trim());
    }
    return found;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('Resumed session')) break;
    let match: RegExpExecArray | null;
    if (line === 'Amended by the person afterwards:') {
      outline.push(`amended: ${answersFrom(++i)}`);
    } else if ((match = /^› (.*)/.exec(line))) outline.push(`prompt: ${match[1]}`);
    else if (/^⊘ Questionnaire cancelled/.test(line)) {
      outline.push(`questionnaire cancelled: ${answersFrom(i)}`);
    } else if (/^✓ Questionnaire/.test(line)) {
      outline.push(`questionnaire answered: ${answersFrom(i)}`);
    } else if (/^■ Questionnaire interrupted/.test(line)) {
      // Drawn as it stood; a card below the resume line asks its questions again.
      const questions = under(i).filter((text) => !/^[→⊘]/.test(text));
      const again = questions.length > 0 && questions.every((question) => card.includes(question));
      outline.push(
        again ? `questionnaire asked again: ${questions.join(', ')}` : 'questionnaire interrupted',
      );
    } else if (/^✓ Plan approved/.test(line)) outline.push('plan: approved');
    else if ((match = /^■ Interrupted (.*)/.exec(line))) outline.push(`${match[1]}: interrupted`);
    else if (/^✗ ! /.test(line)) outline.push(shellLine(line, under(i).join('\n')));
  }
  // A questionnaire the resume offers again is drawn once, as the live card below the resume
  // line: its question is the card's row under "Question N of M".
  const rows = card.split('\n').map((row) => row.replace(/^│|│$/g, '').trim());
  const at = rows.findIndex((row) => /^Question \d+ of \d+$/.test(row));
  if (at !== -1) outline.push(`questionnaire asked again: ${rows[at + 1] ?? ''}`);
  return outline;
}
