import type { ReplTmuxBed } from './repl-tmux-bed';

/** The web page `/remote` serves: its address and the token it takes. */
export interface RemotePage {
  page: URL;
  token: string;
  /** What `/remote` printed (the screen once its URL showed). */
  printed: string;
}

/**
 * Types `/remote` in the bed's REPL and reads the page's URL and token off the screen, waiting
 * `ms` at most for them.
 */
export async function openRemote(bed: ReplTmuxBed, ms?: number): Promise<RemotePage> {
  bed.typeText('/remote');
  bed.keys('Enter');
  const printed = await bed.waitFor('The web page is running: ', ms);
  const match = /The web page is running: (http:\/\/127\.0\.0\.1:\d+\/\?token=([\w-]+))/.exec(
    printed,
  );
  if (!match) throw new Error(`no page URL on the screen:\n${printed}`);
  return { page: new URL(match[1]!), token: match[2]!, printed };
}

/**
 * Posts `operation` to the page's `/operations`, as the page does; the response's status. Gives
 * up after `ms`, naming the operation.
 */
export async function postOperation(
  { page, token }: Pick<RemotePage, 'page' | 'token'>,
  operation: Record<string, unknown>,
  ms = 15_000,
): Promise<number> {
  try {
    const response = await fetch(new URL('/operations', page), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(operation),
      signal: AbortSignal.timeout(ms),
    });
    return response.status;
  } catch (error) {
    throw new Error(`posting a ${String(operation.type)} operation to the page: ${String(error)}`, {
      cause: error,
    });
  }
}

/** Posts the page's answer to card `id`; the response's status. Gives up after `ms`. */
export function answerOnThePage(
  remote: Pick<RemotePage, 'page' | 'token'>,
  id: string,
  answer: Record<string, unknown>,
  ms?: number,
): Promise<number> {
  return postOperation(remote, { type: 'answer', id, answer }, ms);
}
