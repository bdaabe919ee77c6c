import path from 'node:path';
import ts from 'typescript';

/**
 * Types that a package's public declarations name but none of its entry points export: a
 * consumer can use the value yet cannot write its type down. `entries` are the package's
 * exported .d.ts files (dist/); only declarations inside `packageDir` count, so types of other
 * packages and of node_modules are theirs to export. Returns `Name (file)` per missing type.
 */
const NAMED_TYPE =
  ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum;

export function unexportedTypes(packageDir: string, entries: string[]): string[] {
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const own = (file: string) =>
    !path.relative(packageDir, file).startsWith('..') && !file.includes('node_modules');
  const resolve = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

  const exported = new Set<ts.Symbol>();
  for (const entry of entries) {
    const source = program.getSourceFile(entry);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${entry}: not a module`);
    for (const symbol of checker.getExportsOfModule(module)) exported.add(resolve(symbol));
  }

  const missing = new Map<ts.Symbol, string>();
  const visited = new Set<ts.Symbol>();
  const visit = (symbol: ts.Symbol) => {
    if (visited.has(symbol)) return;
    visited.add(symbol);
    for (const declaration of symbol.declarations ?? []) {
      const walk = (node: ts.Node): void => {
        const name = ts.isTypeReferenceNode(node)
          ? node.typeName
          : ts.isExpressionWithTypeArguments(node)
            ? node.expression
            : ts.isTypeQueryNode(node)
              ? node.exprName
              : ts.isImportTypeNode(node)
                ? node.qualifier
                : undefined;
        const found = name && checker.getSymbolAtLocation(name);
        if (found) {
          const target = resolve(found);
          const file = target.declarations?.[0]?.getSourceFile().fileName;
          if (file && own(file) && !(target.flags & ts.SymbolFlags.TypeParameter)) {
            // A `typeof value` of an unexported const spells out its type; a named type must be
            // importable.
            if (!exported.has(target) && target.flags & NAMED_TYPE) {
              missing.set(target, `${target.name} (${path.relative(packageDir, file)})`);
            }
            visit(target);
          }
        }
        ts.forEachChild(node, walk);
      };
      walk(declaration);
    }
  };
  for (const symbol of exported) visit(symbol);
  return [...missing.values()].sort();
}
