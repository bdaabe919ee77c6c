// The web page (agent serve, in Chromium): the resumed sample's lines and card, as an outline.
import { TRANSCRIPT_SAMPLE_ID, type FakeServer } from '@agent/testkit';
import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };
import { startServe } from '../served-agent';
import { fakeArgs, shellLine } from './front-end-bed';

/**
 * The page `agent serve` prints, after it resumed the sample: each transcript line as the page
 * draws it (its class, then its text as the reader sees it), and the questions of the card the
 * page shows.
 */
export async function webPage(
  { home, workspace }: { home: string; workspace: string },
  server: FakeServer,
  browser: Browser,
): Promise<{ lines: string[]; card: string[] }> {
  const key = { OPENAI_API_KEY: 'k' };
  const served = startServe(['--cwd', workspace, ...fakeArgs(server)], { home, workspace }, key);
  try {
    const page = await browser.newPage();
    await page.goto(await served.url);
    // Strings, run in the page: this package's types have no DOM.
    await page.waitForFunction(`document.getElementById('state')?.textContent === 'Ready'`);
    const status = await page.evaluate(
      `fetch('/operations', { method: 'POST', body: JSON.stringify({ type: 'resume', id: '${TRANSCRIPT_SAMPLE_ID}' }) }).then((response) => response.status)`,
    );
    if (status !== 200) throw new Error(`the page could not resume the sample: ${status}`);
    await page.waitForFunction(
      `Array.from(document.querySelectorAll('#transcript > li')).some((item) => item.textContent === 'A saved session was resumed.')`,
    );
    return (await page.evaluate(`({
      lines: Array.from(document.querySelectorAll('#transcript > li')).map(
        (item) => item.className + ': ' + item.innerText,
      ),
      card: Array.from(document.querySelectorAll('#cards form[aria-label="Questions"] legend')).map(
        (legend) => legend.textContent,
      ),
    })`)) as { lines: string[]; card: string[] };
  } finally {
    served.child.kill('SIGTERM');
    await served.exited;
  }
}

export function webOutline({ lines, card }: { lines: string[]; card: string[] }): string[] {
  const answers = (text: string): string =>
    [...text.matchAll(/→ (.*)/g)].map((match) => match[1]!.replace(/ \(typed\)$/, '')).join(', ');
  const outline: string[] = [];
  let amending = false;
  for (const line of lines) {
    const [, kind, text = ''] = /^(\w+): ([\s\S]*)$/.exec(line) ?? [];
    if (kind === 'you') outline.push(`prompt: ${text}`);
    if (kind === 'notice') amending = text === 'Amended by the person afterwards:';
    if (kind !== 'tool') continue;
    const [title = '', ...rest] = text.split('\n');
    let match: RegExpExecArray | null;
    if (amending) outline.push(`amended: ${answers(text)}`);
    else if ((match = /^Questionnaire (cancelled|interrupted)?/m.exec(text))) {
      outline.push(`questionnaire ${match[1] ?? 'answered'}: ${answers(text)}`);
    } else if (/ \(running\)$/.test(title) && card.some((question) => title.includes(question))) {
      // Its line waits; the card below asks its questions again.
      outline.push(`questionnaire asked again: ${card.join(', ')}`);
    } else if (rest.includes('plan approved')) outline.push('plan: approved');
    else if (title.startsWith('! '))
      outline.push(shellLine(rest[0] ?? '', rest.slice(1).join('\n')));
    else if ((match = /^(.*) \((\w+)\)$/.exec(title))) outline.push(`${match[1]}: ${match[2]}`);
    amending = false;
  }
  return outline;
}
