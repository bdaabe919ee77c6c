import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * What only the runtime decides (DESIGN.md, "The conversation, owned by the runtime"): what an
 * approval offers and what each answer does (an app that suggested or matched rules itself could
 * offer an "always" the others do not: the editor once offered "Always allow run_shell" for
 * `eval "$(curl x)"`), the queue of cards, how saved events become the conversation, and which
 * questionnaire is the last one answered. A front end renders the runtime's cards, events and
 * transcript entries instead.
 */
const POLICY = new Set([
  // Approval choices and what an answer does.
  'approvalChoices',
  'decisionFor',
  'coverWaiting',
  'answerAtOnce',
  'refuseAtOnce',
  'PersonQueue',
  // Rules: suggesting and matching them.
  'suggestRule',
  'ruleReach',
  'ruleCovers',
  'suggestedWords',
  'uncoveredBy',
  'decideByRules',
  'patternWords',
  'allowCovers',
  'wordsAsPattern',
  // Saved events as the conversation: the reducer is the runtime's (Conversation.transcript).
  'projectSession',
  'SessionReducer',
  'TranscriptReducer',
  'LiveTranscript',
  'replayWindow',
  // The last questionnaire as it stands (AgentSession.lastQuestionnaire): its ledger, how a
  // kept call reads back, and amendments read from their text.
  'retainedCalls',
  'keptCallEntry',
  'parseQuestionnaireResult',
]);

/** Where front ends live: every app, and the web page's server. */
const FRONT_ENDS = [
  ...fs.readdirSync(path.join(ROOT, 'apps')).map((app) => path.join('apps', app, 'src')),
  path.join('packages', 'web', 'src'),
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function fromAgentPackage(node: ts.Expression | undefined): boolean {
  return node !== undefined && ts.isStringLiteral(node) && node.text.startsWith('@agent/');
}

function requiresAgentPackage(node: ts.Expression | undefined): boolean {
  return (
    node !== undefined &&
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'require' &&
    fromAgentPackage(node.arguments[0])
  );
}

/**
 * The names a source takes from an @agent/* package: named imports and re-exports, names
 * destructured from a `require`, and every property read (a namespace import's `ns.name`, a lazily
 * loaded module's `runtime().name`).
 */
function agentNames(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && fromAgentPackage(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          names.push((element.propertyName ?? element.name).text);
        }
      }
    }
    if (ts.isExportDeclaration(node) && fromAgentPackage(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          names.push((element.propertyName ?? element.name).text);
        }
      }
    }
    if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      requiresAgentPackage(node.initializer)
    ) {
      for (const element of node.name.elements) {
        const name = element.propertyName ?? element.name;
        if (ts.isIdentifier(name)) names.push(name.text);
      }
    }
    if (ts.isPropertyAccessExpression(node)) names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

describe('front ends hold no approval, resume or replay policy', () => {
  it.each(FRONT_ENDS)('%s takes none of the runtime-only functions', (dir) => {
    const found = sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
      agentNames(file)
        .filter((name) => POLICY.has(name))
        .map((name) => `${path.relative(ROOT, file)}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it('reads the names every way of importing brings in', () => {
    const text = [
      "import {\n  approvalChoices,\n  type Card as C,\n} from '@agent/runtime';",
      "import * as tools from '@agent/tools';",
      'tools.suggestRule(request);',
      "const { ruleCovers: covers } = require('@agent/tools');",
      "export { projectSession } from '@agent/session';",
      "import { local } from './local';",
    ].join('\n');
    expect(agentNames('x.ts', text)).toEqual([
      'approvalChoices',
      'Card',
      'suggestRule',
      'ruleCovers',
      'projectSession',
    ]);
  });
});
