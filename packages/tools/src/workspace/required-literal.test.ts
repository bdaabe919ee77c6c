import { requiredLiteral } from './required-literal';

describe('requiredLiteral', () => {
  it.each([
    ['helper-plugin-utils', '', 'helper-plugin-utils'],
    ['\\bplugin\\b.*\\(', '', 'plugin'],
    ['import (a|b) from', '', undefined],
    ['colou?r', '', 'colo'],
    ['ab(cd)?efgh', '', 'efgh'],
    ['\\x41BCD', '', undefined],
    ['\\d+value', '', 'value'],
    ['a\\.b\\.cde', '', 'a.b.cde'],
    ['needle', 'i', undefined],
    ['x{0,3}yz', '', undefined],
  ])('/%s/%s needs %p', (pattern, flags, expected) => {
    expect(requiredLiteral(pattern, flags)?.toString('utf8')).toBe(expected);
    if (expected !== undefined) {
      for (const line of ['', 'some ' + expected + ' text']) {
        if (new RegExp(pattern, flags).test(line)) expect(line).toContain(expected);
      }
    }
  });
});
