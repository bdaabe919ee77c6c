import { missingCredentials, resolveProviderConfig } from '@agent/llm/config';
import { inFlagTerms } from '../src/flags';

/** The library's own message for `run`'s failure. */
function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

describe('library wording and flag wording', () => {
  const noKey = () => missingCredentials('anthropic', { model: 'm' }, {}, '/nonexistent');
  const unknown = () =>
    thrown(() => resolveProviderConfig({ flags: { provider: 'nope' }, env: {} }));

  it('the libraries name options, never command-line flags', () => {
    for (const message of [noKey()!, unknown()]) {
      expect(message).toContain('the `provider` option');
      expect(message).not.toMatch(/--[a-z]/);
    }
  });

  it('a front end names the flags: --provider, --model, --base-url', () => {
    expect(inFlagTerms(noKey()!)).toMatch(/Set it, or choose another provider with --provider\.$/);
    expect(inFlagTerms(unknown())).toContain('unknown provider "nope" (from --provider)');
    expect(inFlagTerms('check the `baseUrl` option or OPENAI_BASE_URL')).toBe(
      'check --base-url or OPENAI_BASE_URL',
    );
    expect(inFlagTerms('the `model` option')).toBe('--model');
  });

  it('an option with no flag keeps its library wording', () => {
    expect(inFlagTerms('see the `workspaceRoot` option')).toBe('see the `workspaceRoot` option');
  });
});
