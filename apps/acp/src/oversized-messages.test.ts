import { dropOversizedLines, recoverId } from './oversized-messages';

const bytes = (text: string) => Buffer.from(text);

describe('recoverId', () => {
  it('reads a top-level id, a number or a string, wherever it is among the bytes read', () => {
    expect(recoverId(bytes('{"jsonrpc":"2.0","id":7,"method":"x","params":{"te'))).toBe(7);
    expect(recoverId(bytes('{"method":"x", "id" : "a\\"b", "params":'))).toBe('a"b');
    expect(recoverId(bytes('{"params":{"id":3,"list":[{"id":4}]},"note":"}","id":5,'))).toBe(5);
  });

  it('is null when the id is cut off, nested only, or not an id', () => {
    expect(
      recoverId(bytes('{"jsonrpc":"2.0","method":"x","params":{"id":3,"text":"xxx')),
    ).toBeNull();
    expect(recoverId(bytes('{"id":12'))).toBeNull();
    expect(recoverId(bytes('{"id":{"a":1}}'))).toBeNull();
    expect(recoverId(bytes('[{"id":1}]'))).toBeNull();
    expect(recoverId(bytes('not json'))).toBeNull();
  });
});

describe('dropOversizedLines', () => {
  async function run(chunks: string[], max: number) {
    const refused: Array<string | number | null> = [];
    const output: string[] = [];
    const input = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(bytes(chunk));
        controller.close();
      },
    });
    const reader = input.pipeThrough(dropOversizedLines(max, (id) => refused.push(id))).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      output.push(Buffer.from(value).toString());
    }
    return { text: output.join(''), refused };
  }

  it('passes lines within the limit as they are and drops each longer one, across chunks', async () => {
    const { text, refused } = await run(
      [
        '{"id":1}\n{"id":2,"p":"',
        'xxxxxxxxxxxxxxxx',
        'xxxx"}\n{"id"',
        ':3}\n',
        '{"id":4,"p":"yyyyyyyyyyyyyyyyy"}',
      ],
      16,
    );
    expect(text).toBe('{"id":1}\n{"id":3}\n');
    expect(refused).toEqual([2, 4]);
  });

  it('keeps a line of exactly the limit', async () => {
    const line = '{"id":1,"p":"x"}';
    const { text, refused } = await run([line + '\n'], line.length);
    expect(text).toBe(line + '\n');
    expect(refused).toEqual([]);
  });
});
