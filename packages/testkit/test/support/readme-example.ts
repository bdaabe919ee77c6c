/**
 * A README's example: the first ```ts block after its `## Example` heading, and the ```text block
 * after it, which shows what the example prints. Undefined when the README has no example.
 */
export function readmeExample(readme: string): { code: string; prints: string } | undefined {
  const section = readme.split(/^## Example\s*$/m)[1]?.split(/^## /m)[0];
  if (section === undefined) return undefined;
  const code = /^```ts\n([\s\S]*?)^```$/m.exec(section)?.[1];
  const prints = /^```text\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (code === undefined || prints === undefined) {
    throw new Error('a README example needs a ```ts block and then a ```text block of its output');
  }
  return { code, prints: prints.trimEnd() };
}
