/**
 * Maps neutral tool-call ids onto a wire that restricts them (Anthropic and Bedrock accept
 * `^[a-zA-Z0-9_-]+$`, at most 64 characters). The same (scope, id) always gets the same wire id,
 * so a call and its result stay paired; distinct calls never share one.
 */
export class WireCallIds {
  private readonly assigned = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(
    private readonly invalid: RegExp = /[^a-zA-Z0-9_-]/g,
    private readonly maxLength = 64,
  ) {}

  /** `scope` tells apart equal ids reused by different turns (e.g. the message index). */
  wire(id: string, scope: string | number = ''): string {
    const key = `${scope}\u0000${id}`;
    const known = this.assigned.get(key);
    if (known) return known;
    const base = id.replace(this.invalid, '_').slice(0, this.maxLength) || 'call';
    let candidate = base;
    for (let n = 2; this.used.has(candidate); n++) {
      const suffix = `_${n}`;
      candidate = base.slice(0, this.maxLength - suffix.length) + suffix;
    }
    this.assigned.set(key, candidate);
    this.used.add(candidate);
    return candidate;
  }
}

/**
 * The tool input as a JSON object for wires that require one. A call whose arguments were not
 * valid JSON (kept as raw text in turn memory) or not an object replays as `{}`.
 */
export function toolInputObject(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}
