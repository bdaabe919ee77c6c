/**
 * What the launcher learns about the run that just ended, to decide whether the code it compiled
 * should become the code cache later runs start from.
 */
const facts = { provider: undefined as string | undefined, v8FlagsChanged: false };

export function noteProvider(id: string): void {
  facts.provider = id;
}

export function noteV8FlagsChanged(): void {
  facts.v8FlagsChanged = true;
}

/**
 * Whether the code this run compiled should be cached: a turn with a real provider (the offline
 * demo, what a first run without a key uses, compiles none of a provider's SDK) that left V8's
 * flags alone (V8 rejects a cache made under other flags).
 */
export function worthCaching(): boolean {
  return facts.provider !== undefined && facts.provider !== 'demo' && !facts.v8FlagsChanged;
}
