import { promises as fs } from 'node:fs';
import path from 'node:path';
import { checkImageCount, ImageError, type ImagePart } from '@agent/llm';
import { readImageFile } from '@agent/runtime';
import type { PromptSource } from './cli-args';
import { UsageError } from './exit-codes';

/**
 * The prompt: `-p`'s text, or read from a file (relative to `baseDir`, where the person ran the
 * command) or, for `-`, from `stdin()` to its end (opening standard input only then), without its
 * one trailing newline. A file argument that names no file but has whitespace in it is the
 * prompt's text (`agent-run "fix the failing test"`). An unreadable or blank prompt is a usage
 * error.
 */
export async function readPrompt(
  given: PromptSource,
  baseDir: string,
  stdin: () => NodeJS.ReadableStream,
): Promise<string> {
  if ('text' in given) return checkNotBlank(given.text, 'given with -p');
  const source = given.file;
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
      if (code === 'ENOENT' && /\s/.test(source.trim())) return checkNotBlank(source, '');
      const why =
        code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code;
      const hint = code === 'ENOENT' ? ' (to give the prompt itself: -p "prompt text")' : '';
      throw new UsageError(`cannot read the prompt file ${file}: ${why ?? String(error)}${hint}`);
    }
  }
  // The newline that ends a file or `echo`'s output is not part of the prompt; like a shell's
  // `$(...)`, but only one: further blank lines were meant.
  return checkNotBlank(text.replace(/\r?\n$/, ''), source === '-' ? 'on standard input' : source);
}

function checkNotBlank(text: string, where: string): string {
  if (text.trim() === '') throw new UsageError(`the prompt ${where ? `${where} ` : ''}is empty`);
  return text;
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
