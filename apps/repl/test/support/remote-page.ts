import type { ReplTmuxBed } from './repl-tmux-bed';

/** The web page `/remote` serves: its address and the token it takes. */
export interface RemotePage {
  page: URL;
  token: string;
  /** What `/remote` printed (the screen once its URL showed). */
  printed: string;
}

/** Types `/remote` in the bed's REPL and reads the page's URL and token off the screen. */
export async function openRemote(bed: ReplTmuxBed): Promise<RemotePage> {
  bed.typeText('/remote');
  bed.keys('Enter');
  const printed = await bed.waitFor('The web page is running: ');
  const match = /The web page is running: (http:\/\/127\.0\.0\.1:\d+\/\?token=([\w-]+))/.exec(
    printed,
  );
  if (!match) throw new Error(`no page URL on the screen:\n${printed}`);
  return { page: new URL(match[1]!), token: match[2]!, printed };
}

/** Posts `operation` to the page's `/operations`, as the page does; the response's status. */
export async function postOperation(
  { page, token }: Pick<RemotePage, 'page' | 'token'>,
  operation: Record<string, unknown>,
): Promise<number> {
  const response = await fetch(new URL('/operations', page), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(operation),
  });
  return response.status;
}

/** Posts the page's answer to card `id`; the response's status. */
export function answerOnThePage(
  remote: Pick<RemotePage, 'page' | 'token'>,
  id: string,
  answer: Record<string, unknown>,
): Promise<number> {
  return postOperation(remote, { type: 'answer', id, answer });
}
