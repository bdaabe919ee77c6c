import { lineText } from '../../text/line';
import { renderHelp } from '../../view/help-view';
import { Suggestions } from '../../input/suggestions';
import { helpSections } from '../help-sections';
import { commandNames, findCommand, reservedNames, SLASH_COMMANDS } from './slash-commands';

/** The rows of /help's Commands section on an 80-column screen. */
function helpCommandRows(): string[] {
  const rows = renderHelp(helpSections([]), 80).map(lineText);
  return rows.slice(rows.indexOf('Commands:') + 1, rows.indexOf('Prompts:'));
}

/** The names the `/` menu offers on a lone `/`. */
function menuNames(): string[] {
  const suggestions = new Suggestions();
  suggestions.update('/');
  return suggestions.items.map((item) => item.name);
}

describe('the built-in slash commands', () => {
  it('lists every command and alias in /help, each command on its own row', () => {
    const rows = helpCommandRows();
    for (const command of SLASH_COMMANDS) {
      const row = rows.find((r) => r.startsWith(`  ${command.usage}`));
      expect(row).toBeDefined();
      for (const alias of command.aliases ?? []) expect(row).toContain(alias);
    }
  });

  it('offers every command and alias in the / menu', () => {
    expect(menuNames()).toEqual(SLASH_COMMANDS.flatMap(commandNames));
  });

  it('lists /exit in /help and in the / menu, as /quit', () => {
    expect(helpCommandRows().find((row) => row.includes('/exit'))).toMatch(
      /^ {2}\/quit, \/exit +save and exit$/,
    );
    expect(menuNames()).toContain('/exit');
    expect(findCommand('/exit')).toBe(findCommand('/quit'));
  });

  it('has one name per command, reserved against custom commands', () => {
    const names = SLASH_COMMANDS.flatMap(commandNames);
    expect(new Set(names).size).toBe(names.length);
    expect([...reservedNames()].sort()).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\/[\w-]+$/);
  });
});
