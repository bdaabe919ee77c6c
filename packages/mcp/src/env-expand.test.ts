import { expandRecord, expandVariables, MissingVariableError, redactValues } from './env-expand';

describe('expandVariables', () => {
  const env = { TOKEN: 'abc123', EMPTY: '' };

  it('expands ${VAR} and ${VAR:-default}', () => {
    expect(expandVariables('Bearer ${TOKEN}', env)).toBe('Bearer abc123');
    expect(expandVariables('${MISSING:-fallback}/${EMPTY:-x}', env)).toBe('fallback/x');
    expect(expandVariables('$TOKEN and ${ TOKEN }', env)).toBe('$TOKEN and ${ TOKEN }');
  });

  it('refuses an unset variable without a default, naming it', () => {
    expect(() => expandVariables('${NOPE}', env)).toThrow(MissingVariableError);
    expect(() => expandVariables('${NOPE}', env)).toThrow('environment variable NOPE is not set');
  });

  it('collects substituted values so messages can be redacted', () => {
    const used = new Set<string>();
    expect(expandRecord({ A: 'x-${TOKEN}' }, env, used)).toEqual({ A: 'x-abc123' });
    expect(redactValues('failed with abc123 in url', used)).toBe('failed with *** in url');
  });
});
