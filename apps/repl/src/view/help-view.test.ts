import { helpSections } from '../app/help-sections';
import { lineText, lineWidth } from '../text/line';
import { renderHelp } from './help-view';

const help = (width: number) => renderHelp(helpSections([]), width);

describe('/help laid out for the width', () => {
  it('keeps every row within the width, at 80 and at 50 columns', () => {
    for (const width of [80, 50, 30]) {
      for (const row of help(width)) expect(lineWidth(row)).toBeLessThanOrEqual(width);
    }
  });

  it('fits /permissions [list|add|edit] in its column and wraps descriptions within theirs', () => {
    const rows = help(80).map(lineText);
    const at = rows.findIndex((row) => row.includes('/permissions [list|add|edit]'));
    const column = rows[at]!.indexOf('pick rules by scope');
    expect(column).toBeGreaterThan('  /permissions [list|add|edit]'.length);
    // Every command's description starts at that column; continuation rows too.
    const commands = rows.slice(rows.indexOf('Commands:') + 1, rows.indexOf('Prompts:'));
    for (const row of commands) expect(row.slice(0, column).trimEnd().length).toBeLessThan(column);
    const continued = commands.filter((row) => row.slice(0, column).trim() === '');
    expect(continued.length).toBeGreaterThan(0);
    for (const row of continued) expect(row[column]).not.toBe(' ');
  });

  it('wraps a usage longer than its column within the column on a narrow screen', () => {
    const rows = help(40).map(lineText);
    const at = rows.findIndex((row) => row.startsWith('  /permissions'));
    expect(rows[at]).not.toContain('add|edit]');
    expect(rows.slice(at, at + 3).join('\n')).toMatch(/^ {2}\S*edit\]/m);
  });
});
