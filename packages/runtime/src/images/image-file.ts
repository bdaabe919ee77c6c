import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import {
  checkImageSize,
  detectImageType,
  ImageError,
  imagePart,
  notAnImage,
  type ImagePart,
} from '@agent/llm';

/** Opened without waiting: a FIFO pasted as a path is refused, never waited on. */
const OPEN_FOR_READING = constants.O_RDONLY | constants.O_NONBLOCK;
/** Enough bytes for every accepted type's signature. */
const SIGNATURE_BYTES = 16;

/**
 * Reads an image file the person attached (a pasted path, `@shot.png`, `--image`): a regular
 * file, PNG, JPEG, GIF or WebP by its magic bytes, at most `MAX_IMAGE_BYTES` (both checked
 * before the whole file is read). `file` is resolved against `base`. Throws ImageError naming the
 * file and what is wrong (`kind: 'type'` for a file that is no image).
 */
export async function readImageFile(base: string, file: string): Promise<ImagePart> {
  const absolute = path.resolve(base, file);
  const name = path.basename(absolute);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(absolute, OPEN_FOR_READING);
  } catch (error) {
    throw new ImageError(`${file}: ${openProblem(error)}`, 'file');
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new ImageError(`${file} is not a regular file`, 'file');
    const head = Buffer.alloc(SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(head, 0, SIGNATURE_BYTES, 0);
    if (!detectImageType(head.subarray(0, bytesRead))) throw notAnImage(name);
    checkImageSize(name, stat.size);
    return imagePart(name, await handle.readFile());
  } finally {
    await handle.close();
  }
}

function openProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a folder, not a file';
  return (error as Error).message;
}
