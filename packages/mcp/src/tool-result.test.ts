import { toToolResult } from './tool-result';

describe('toToolResult', () => {
  it('keeps text, notes images and audio, describes resources', () => {
    const result = toToolResult(
      {
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'image', data: Buffer.alloc(1500).toString('base64'), mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          {
            type: 'resource_link',
            uri: 'file:///a.txt',
            name: 'a.txt',
            mimeType: 'text/plain',
            description: 'A file',
          },
          { type: 'resource', resource: { uri: 'mem://x', text: 'inline text' } },
          {
            type: 'resource',
            resource: { uri: 'mem://y', mimeType: 'application/zip', blob: 'AAAA' },
          },
        ],
      },
      'srv/tool',
    );
    expect(result.output).toBe(
      [
        'Here:',
        '[image: image/png, 1.5 KB]',
        '[audio: audio/wav, 3 B]',
        '[resource link: a.txt <file:///a.txt> (text/plain)] A file',
        '[resource <mem://x>]\ninline text',
        '[resource <mem://y>: application/zip, 3 B]',
      ].join('\n'),
    );
    expect(result.summary).toBe(
      'srv/tool returned 1 text, 1 image, 1 audio, 1 resource_link, 2 resource',
    );
    expect(result.isError).toBeUndefined();
  });

  it('adds structured content unless a text block already holds it', () => {
    const value = { temperature: 21 };
    expect(
      toToolResult(
        { content: [{ type: 'text', text: '{"temperature":21}' }], structuredContent: value },
        't',
      ).output,
    ).toBe('{"temperature":21}');
    expect(toToolResult({ content: [], structuredContent: value }, 't').output).toBe(
      'Structured content:\n{\n  "temperature": 21\n}',
    );
  });

  it('marks errors and bounds long output to its head and tail', () => {
    const long = 'a'.repeat(20_000) + 'b'.repeat(20_000);
    const result = toToolResult({ content: [{ type: 'text', text: long }], isError: true }, 't');
    expect(result.isError).toBe(true);
    expect(result.output.length).toBeLessThan(32 * 1024);
    expect(result.output).toMatch(/^a+\n\n\[\.\.\. \d+ bytes of output omitted \.\.\.\]\n\nb+$/);
    expect(toToolResult({}, 't').output).toBe('(no content)');
  });
});
