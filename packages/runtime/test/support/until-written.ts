import fs from 'node:fs';

/** Resolves once `file` holds `text`, checking a bounded number of times. */
export async function untilWritten(file: string, text: string): Promise<void> {
  for (let attempt = 0; attempt < 2000; attempt++) {
    if (fs.readFileSync(file, 'utf8').includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${file} never held ${text}`);
}
