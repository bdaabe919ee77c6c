import fs, { constants, type Stats } from 'node:fs';

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
  const handle = await fs.promises.open(absolute, openFlags(options));
  try {
    checkSmall(await handle.stat(), maxBytes);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * `readSmallFile` without yielding: for what must be read before anything else may run (the MCP
 * servers a run starts first, so they boot while the agent loads). Throws as the other rejects.
 */
export function readSmallFileSync(
  absolute: string,
  maxBytes: number,
  options: { followLinks?: boolean } = {},
): string {
  const fd = fs.openSync(absolute, openFlags(options));
  try {
    checkSmall(fs.fstatSync(fd), maxBytes);
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

function openFlags(options: { followLinks?: boolean }): number {
  const noFollow = options.followLinks === false ? constants.O_NOFOLLOW : 0;
  return constants.O_RDONLY | constants.O_NONBLOCK | noFollow;
}

function checkSmall(info: Stats, maxBytes: number): void {
  if (!info.isFile()) throw new Error('it is not a regular file');
  if (info.size > maxBytes) {
    throw new Error(`it is ${info.size} bytes, more than the ${maxBytes} allowed`);
  }
}
