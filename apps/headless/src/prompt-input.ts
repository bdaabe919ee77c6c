import { promises as fs } from 'node:fs';
import path from 'node:path';
import { checkImageCount, ImageError, type ImagePart } from '@agent/llm';
import { readImageFile } from '@agent/runtime';
import { UsageError } from './exit-codes';

/**
 * Reads the prompt from a file (relative to `baseDir`, where the person ran the command) or, for
 * `-`, from `stdin()` to its end (opening standard input only then), without its one trailing
 * newline. An unreadable or blank prompt is a usage error.
 */
export async function readPrompt(
  source: string,
  baseDir: string,
  stdin: () => NodeJS.ReadableStream,
): Promise<string> {
  let text: string;
  if (source === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin()) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    }
    text = Buffer.concat(chunks).toString('utf8');
  } else {
    const file = path.resolve(baseDir, source);
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code;
      throw new UsageError(`cannot read the prompt file ${file}: ${why ?? String(error)}`);
    }
  }
  if (text.trim() === '') {
    throw new UsageError(`the prompt ${source === '-' ? 'on standard input' : source} is empty`);
  }
  // The newline that ends a file or `echo`'s output is not part of the prompt; like a shell's
  // `$(...)`, but only one: further blank lines were meant.
  return text.replace(/\r?\n$/, '');
}

/**
 * The `--image` files (relative to `baseDir`), read and checked before any request: a missing,
 * unsupported or too big file, or too many, is a usage error naming it.
 */
export async function readImages(files: readonly string[], baseDir: string): Promise<ImagePart[]> {
  try {
    checkImageCount(files.length);
    const images: ImagePart[] = [];
    for (const file of files) images.push(await readImageFile(baseDir, file));
    return images;
  } catch (error) {
    if (error instanceof ImageError) throw new UsageError(`--image: ${error.message}`);
    throw error;
  }
}
