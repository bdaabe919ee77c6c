import { constants, promises as fs } from 'node:fs';

/**
 * The text of a small configuration file (`.gitignore`, `.mcp.json`) that a workspace may have
 * planted to stop the agent: opened without blocking and checked on the open descriptor, so a
 * FIFO or a device is refused (an Error saying so) instead of waited on, and so is a file over
 * `maxBytes`. Rejects with ENOENT when nothing is there (and ELOOP for a link when
 * `followLinks` is false).
 */
export async function readSmallFile(
  absolute: string,
  maxBytes: number,
  options: { followLinks?: boolean } = {},
): Promise<string> {
  const noFollow = options.followLinks === false ? constants.O_NOFOLLOW : 0;
  const handle = await fs.open(absolute, constants.O_RDONLY | constants.O_NONBLOCK | noFollow);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error('it is not a regular file');
    if (info.size > maxBytes) {
      throw new Error(`it is ${info.size} bytes, more than the ${maxBytes} allowed`);
    }
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
