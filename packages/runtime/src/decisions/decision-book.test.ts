import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DecisionBook } from './decision-book';
import { decisionsFile } from './decision-file';
import { decisionsPromptSection } from './decisions-prompt';

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'decisions-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

const day = (iso: string) => () => new Date(iso);

describe('DecisionBook', () => {
  it('keeps exact answers with date, session and scope; a project sees its own and the global ones', () => {
    const here = new DecisionBook(home, '/src/app', day('2026-12-01T09:00:00Z'));
    here.keep([{ question: 'Which database?', answer: 'Postgres ' }], 'project', 's-1');
    here.keep([{ question: 'Which checks?', answer: ['Lint', 'Tests'] }], 'global', 's-1');
    const other = new DecisionBook(home, '/src/other');
    expect(here.list().map((d) => [d.question, d.answer, d.scope])).toEqual([
      ['Which database?', 'Postgres ', 'project'],
      ['Which checks?', ['Lint', 'Tests'], 'global'],
    ]);
    expect(here.list()[0]).toMatchObject({
      sessionId: 's-1',
      decidedAt: '2026-12-01T09:00:00.000Z',
      project: '/src/app',
    });
    expect(other.list().map((d) => d.question)).toEqual(['Which checks?']);
  });

  it('matches questions on whitespace and case only; a project decision wins over a global one', () => {
    const book = new DecisionBook(home, '/p');
    book.keep([{ question: 'Which  database?', answer: 'SQLite' }], 'global', 's');
    book.keep([{ question: 'which database?', answer: 'Postgres' }], 'project', 's');
    expect(book.forQuestion('  WHICH database?\n')?.answer).toBe('Postgres');
    expect(book.forQuestion('Which database')).toBeUndefined();
    expect(book.inForce()).toHaveLength(1);
  });

  it('keeping the same question again in a scope replaces it; edit and revoke change one', () => {
    const book = new DecisionBook(home, '/p');
    book.keep([{ question: 'Q?', answer: 'a' }], 'project', 's');
    book.keep([{ question: 'Q?', answer: 'b' }], 'project', 's');
    expect(book.list().map((d) => d.answer)).toEqual(['b']);
    book.edit(book.list()[0]!.id, 'c');
    expect(book.list()[0]!.answer).toBe('c');
    book.revoke(book.list()[0]!.id);
    expect(book.list()).toEqual([]);
    expect(() => book.revoke('gone')).toThrow('no longer kept');
  });

  it('a corrupt file is reported, applies nothing, and is set aside (not overwritten) on the next keep', () => {
    const file = decisionsFile(home);
    fs.writeFileSync(file, '{"decisions": [ oops');
    const book = new DecisionBook(home, '/p');
    expect(book.list()).toEqual([]);
    expect(book.problems[0]).toContain('not a decisions file');
    const said = book.keep([{ question: 'Q?', answer: 'a' }], 'project', 's');
    expect(said).toContain('set aside');
    expect(fs.readFileSync(`${file}.corrupt`, 'utf8')).toBe('{"decisions": [ oops');
    expect(book.list().map((d) => d.answer)).toEqual(['a']);
    expect(book.problems).toEqual([]);
  });

  it('a damaged entry is reported and kept in the file; the other decisions still apply', () => {
    const book = new DecisionBook(home, '/p');
    book.keep([{ question: 'Q?', answer: 'a' }], 'global', 's');
    const file = decisionsFile(home);
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    data.decisions.push({ question: 42 });
    fs.writeFileSync(file, JSON.stringify(data));
    expect(book.problems[0]).toContain('1 entry is not a decision');
    expect(book.list().map((d) => d.answer)).toEqual(['a']);
    book.keep([{ question: 'R?', answer: 'b' }], 'global', 's');
    const after = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(after.decisions).toContainEqual({ question: 42 });
    expect(book.list()).toHaveLength(2);
  });
});

describe('decisionsPromptSection', () => {
  it('is bounded, keeps the latest and says how many were left out', () => {
    const book = new DecisionBook(home, '/p');
    for (let i = 0; i < 40; i++) {
      const at = `2026-12-${String(1 + (i % 28)).padStart(2, '0')}T00:00:${String(i).padStart(2, '0')}Z`;
      new DecisionBook(home, '/p', day(at)).keep(
        [{ question: `Question number ${i} ${'x'.repeat(100)}?`, answer: `answer ${i}` }],
        'project',
        's',
      );
    }
    const section = decisionsPromptSection(book.inForce(), 2000);
    expect(section.length).toBeLessThanOrEqual(2100);
    expect(section).toMatch(/\(\d+ more kept decisions are left out of this prompt for size\.\)/);
    expect(section).toContain('do not ask these questions again');
    expect(decisionsPromptSection([])).toBe('');
  });
});
