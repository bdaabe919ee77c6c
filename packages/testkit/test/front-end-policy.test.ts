import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * What only the runtime decides (DESIGN.md, "The conversation, owned by the runtime"): what an
 * approval offers and what each answer does, the queue of cards, and how saved events become the
 * conversation, and which questionnaire is the last one answered. A front end renders the runtime's cards, events and transcript entries instead.
 */
const POLICY = [
  'approvalChoices',
  'decisionFor',
  'coverWaiting',
  'suggestRule',
  'ruleCovers',
  'ruleReach',
  'answerAtOnce',
  'refuseAtOnce',
  'PersonQueue',
  'projectSession',
  'SessionReducer',
  'replayWindow',
  // The last questionnaire as it stands (AgentSession.lastQuestionnaire): its ledger, how a
  // kept call reads back, and amendments read from their text.
  'retainedCalls',
  'keptCallEntry',
  'parseQuestionnaireResult',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Each name a file imports from a package (`import { a, type B } from '@agent/x'`). */
function importedNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@agent\/[^']+'/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      if (name) names.push(name);
    }
  }
  return names;
}

describe('front ends hold no approval, resume or replay policy', () => {
  const apps = readdirSync(path.join(ROOT, 'apps'));

  it.each(apps)('apps/%s imports none of the runtime-only functions', (app) => {
    const found = sources(path.join(ROOT, 'apps', app, 'src')).flatMap((file) =>
      importedNames(readFileSync(file, 'utf8'))
        .filter((name) => POLICY.includes(name))
        .map((name) => `${path.relative(ROOT, file)}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it('reads the names a multi-line import brings in', () => {
    const text = "import {\n  approvalChoices,\n  type Card as C,\n} from '@agent/runtime';";
    expect(importedNames(text)).toEqual(['approvalChoices', 'Card']);
  });
});
