import * as contract from '@agent/tool-contract';
import * as contractWords from '@agent/tool-contract/words';
import * as tools from './index';
import * as words from './words';

describe('@agent/tools re-exports the tool contract', () => {
  it('exports every name of @agent/tool-contract as the same value', () => {
    const names = Object.keys(contract);
    expect(names).toEqual(expect.arrayContaining(['defineTool', 'ToolRegistry', 'answerAtOnce']));
    for (const name of names) {
      expect({
        name,
        same:
          (tools as Record<string, unknown>)[name] === (contract as Record<string, unknown>)[name],
      }).toEqual({ name, same: true });
    }
  });

  it('keeps the words subpath: the same caret word moves', () => {
    expect(words.wordStartBefore).toBe(contractWords.wordStartBefore);
    expect(words.wordEndAfter('one two', 0)).toBe(contractWords.wordEndAfter('one two', 0));
  });
});
