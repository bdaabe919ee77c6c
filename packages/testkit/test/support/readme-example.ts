/** One ```ts block of a README, and the ```text block after it that shows what it prints. */
export interface ReadmeSnippet {
  /** The heading of the section it is in. */
  section: string;
  code: string;
  /** What it prints, when the README shows it (a ```text block before the next ```ts block). */
  prints?: string;
}

/**
 * Every ```ts block of a README, each with the ```text block that follows it in its section
 * (before the next ```ts block), if any. Each block is a whole program: the tests compile and run
 * every one, and compare its output where the README shows it.
 */
export function readmeSnippets(readme: string): ReadmeSnippet[] {
  const snippets: ReadmeSnippet[] = [];
  for (const part of readme.split(/^(?=## )/m)) {
    const section = /^## (.*)$/m.exec(part)?.[1]?.trim() ?? '';
    const blocks = [...part.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)];
    for (const [, language, body] of blocks) {
      if (language === 'ts') snippets.push({ section, code: body! });
      else if (language === 'text' && snippets.at(-1)?.section === section) {
        const last = snippets.at(-1)!;
        if (last.prints === undefined) last.prints = body!.trimEnd();
      }
    }
  }
  return snippets;
}
