import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'bundle-app.js');

// What esbuild leaves non-ASCII in a bundle: comments and regular expressions (with and without
// the `u` flag, an astral character in a class among them), beside strings and templates.
const PROGRAM = `// a comment with an emoji 🙂 and a dot ·
const results = [
  ' · Esc interrupts'.replace(/^ · /, ''),
  'working · 3s'.replace(/^working( · )?/, ''),
  /^[🙂x]+$/u.test('🙂x🙂'),
  /🙂/.test('a🙂b'),
  '你好'.length,
  \`tmpl 🙂 \${'·'}\`,
];
console.log(JSON.stringify(results));
`;

describe('the bundle written as ASCII (asciiOnly)', () => {
  it('means what the source meant: strings, templates and regular expressions with or without u', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ascii-'));
    try {
      const file = path.join(dir, 'bundle.js');
      writeFileSync(file, PROGRAM);
      const before = execFileSync(process.execPath, [file], { encoding: 'utf8' });
      execFileSync(process.execPath, [
        '-e',
        `require(${JSON.stringify(SCRIPT)}).asciiOnly(${JSON.stringify(file)})`,
      ]);
      expect(readFileSync(file, 'utf8')).toMatch(/^[\0-\x7f]*$/);
      expect(execFileSync(process.execPath, [file], { encoding: 'utf8' })).toBe(before);
      expect(JSON.parse(before)).toEqual(['Esc interrupts', '3s', true, true, 2, 'tmpl 🙂 ·']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
