import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { checkImageSize, ImageError, imagePart, type ImagePart } from '@agent/llm';

/**
 * Reads an image file the person attached (a pasted path, `@shot.png`, `--image`): a regular file,
 * at most `MAX_IMAGE_BYTES` (checked before reading it), PNG, JPEG, GIF or WebP by its magic
 * bytes. Throws ImageError with a message naming the file and what is wrong. `file` is resolved
 * against `base`.
 */
export async function readImageFile(base: string, file: string): Promise<ImagePart> {
  const absolute = path.resolve(base, file);
  const name = path.basename(absolute);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(absolute, 'r');
  } catch (error) {
    throw new ImageError(`${file}: ${openProblem(error)}`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new ImageError(`${file} is not a file`);
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
