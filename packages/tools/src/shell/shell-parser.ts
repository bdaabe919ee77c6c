import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Node as SyntaxNode, Parser } from 'web-tree-sitter';

export type { SyntaxNode };

/**
 * Bytes of a command line the parser reads at most, and the time it may take: a longer or
 * pathological command is never understood (so never covered by an allow rule), and parsing it
 * cannot hold the event loop.
 */
export const MAX_COMMAND_BYTES = 64 * 1024;
export const PARSE_BUDGET_MS = 50;

let loading: Promise<Parser> | undefined;
let loaded: Parser | undefined;

/**
 * tree-sitter's bash grammar through web-tree-sitter (wasm), loaded once, the first time a
 * command needs a permission decision (about 30 ms), never at start-up. Both resolve from
 * @agent/tools' own folder, also from the headless bundle (which keeps them outside).
 */
export function loadShellParser(): Promise<Parser> {
  loading ??= (async () => {
    const fromTools = createRequire(require.resolve('@agent/tools/package.json'));
    const { Parser: ParserClass, Language } = fromTools(
      'web-tree-sitter',
    ) as typeof import('web-tree-sitter');
    await ParserClass.init();
    const grammar = await readFile(bashGrammarPath());
    const bash = await Language.load(new Uint8Array(grammar));
    const parser = new ParserClass();
    parser.setLanguage(bash);
    loaded = parser;
    return parser;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * The bash grammar's wasm: the copy a published @agent/tools ships (dist/grammars, copied at build
 * time, so consumers install no tree-sitter-bash), else tree-sitter-bash's own file (a checkout,
 * where it is a devDependency, and the @agent/cli bundle, which ships what this require.resolve
 * names).
 */
function bashGrammarPath(): string {
  const shipped = path.join(__dirname, '..', 'grammars', 'tree-sitter-bash.wasm');
  if (existsSync(shipped)) return shipped;
  return require.resolve('tree-sitter-bash/tree-sitter-bash.wasm');
}

/** The parser when {@link loadShellParser} has finished, for synchronous checks after it. */
export function loadedShellParser(): Parser | undefined {
  return loaded;
}

/**
 * The syntax tree of `command`, or why there is none: too long, the time budget ran out, or it
 * is not a complete bash script (a syntax error, an unclosed quote).
 */
export function parseShell(
  parser: Parser,
  command: string,
): { root: SyntaxNode; dispose: () => void } | { error: string } {
  if (Buffer.byteLength(command) > MAX_COMMAND_BYTES) {
    return { error: `the command is longer than ${MAX_COMMAND_BYTES / 1024} KB` };
  }
  const deadline = Date.now() + PARSE_BUDGET_MS;
  let late = false;
  const tree = parser.parse(command, null, {
    progressCallback: () => (late ||= Date.now() > deadline),
  });
  if (!tree || late) {
    tree?.delete();
    parser.reset();
    return { error: `parsing the command took longer than ${PARSE_BUDGET_MS} ms` };
  }
  if (tree.rootNode.hasError) {
    tree.delete();
    return { error: 'the command is not a complete bash script (a syntax error or an open quote)' };
  }
  return { root: tree.rootNode, dispose: () => tree.delete() };
}
