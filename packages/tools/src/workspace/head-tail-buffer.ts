/**
 * Collects a byte stream keeping only its first `headBytes` and last `tailBytes`; the text
 * names how many bytes in between were dropped. Memory stays bounded however much arrives.
 */
export class HeadTailBuffer {
  private readonly head: Buffer[] = [];
  private headLength = 0;
  private tail: Buffer = Buffer.alloc(0);
  private total = 0;

  constructor(
    private readonly headBytes: number,
    private readonly tailBytes: number,
  ) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headLength < this.headBytes) {
      const take = Math.min(rest.length, this.headBytes - this.headLength);
      this.head.push(Buffer.from(rest.subarray(0, take)));
      this.headLength += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    const joined = Buffer.concat([this.tail, rest]);
    this.tail =
      joined.length > this.tailBytes
        ? Buffer.from(joined.subarray(joined.length - this.tailBytes))
        : joined;
  }

  /** Bytes received so far, kept or not. */
  get receivedBytes(): number {
    return this.total;
  }

  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const omitted = this.total - this.headLength - this.tail.length;
    const tail = this.tail.toString('utf8');
    if (omitted <= 0) return head + tail;
    return `${head}\n\n[... ${omitted} bytes of output omitted ...]\n\n${tail}`;
  }
}

/**
 * `text` kept to its first `headBytes` and last `tailBytes` (UTF-8), naming what was dropped
 * between them, as long command output is kept.
 */
export function boundText(text: string, headBytes: number, tailBytes: number): string {
  const buffer = new HeadTailBuffer(headBytes, tailBytes);
  buffer.push(Buffer.from(text, 'utf8'));
  return buffer.text();
}
