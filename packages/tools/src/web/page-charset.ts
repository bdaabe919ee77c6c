/** A page's body as text, and how its bytes were decoded. */
export interface DecodedBody {
  text: string;
  /** The WHATWG name of the encoding used (`utf-8`, `windows-1252`, `shift_jis`...). */
  encoding: string;
  /**
   * What the result should say about the decoding, or '' for a page that is plain UTF-8: the
   * charset the page declared and where, or that a declared charset is unknown.
   */
  note: string;
}

/** Bytes at the start of an HTML page searched for a `<meta>` charset (browsers read 1024). */
const META_PRESCAN_BYTES = 4096;

const BOMS: ReadonlyArray<{ bytes: number[]; label: string }> = [
  { bytes: [0xef, 0xbb, 0xbf], label: 'utf-8' },
  { bytes: [0xff, 0xfe], label: 'utf-16le' },
  { bytes: [0xfe, 0xff], label: 'utf-16be' },
];

/**
 * Decodes a fetched body the way a browser picks its encoding: a byte order mark first, then
 * the `charset` of the Content-Type header, then (for HTML) a `<meta charset>` or
 * `<meta http-equiv="Content-Type" content="...; charset=...">` near the start, else UTF-8.
 * Decoding uses TextDecoder (Node's full ICU knows the WHATWG encodings); a charset it does
 * not know falls back to UTF-8, and the note says so.
 */
export function decodeBody(bytes: Uint8Array, contentType: string, html: boolean): DecodedBody {
  const bom = BOMS.find((b) => b.bytes.every((byte, i) => bytes[i] === byte));
  if (bom) return decodeAs(bytes, bom.label, 'a byte order mark');
  const header = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  if (header) return decodeAs(bytes, header, 'the Content-Type header');
  const meta = html ? metaCharset(bytes) : undefined;
  if (meta) {
    // An ASCII-compatible prescan that found a UTF-16 label is reading UTF-8 (HTML spec).
    const label = /^utf-16/i.test(meta) ? 'utf-8' : meta;
    return decodeAs(bytes, label, 'the page\u2019s <meta> tag');
  }
  return { text: new TextDecoder().decode(bytes), encoding: 'utf-8', note: '' };
}

function decodeAs(bytes: Uint8Array, label: string, source: string): DecodedBody {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return {
      text: new TextDecoder().decode(bytes),
      encoding: 'utf-8',
      note: `charset "${printable(label)}" (from ${source}) is unknown: decoded as utf-8`,
    };
  }
  const { encoding } = decoder;
  // TextDecoder drops a BOM of its own encoding itself.
  const text = decoder.decode(bytes);
  if (encoding === 'utf-8') return { text, encoding, note: '' };
  const named = label.toLowerCase() === encoding ? '' : ` (declared as ${printable(label)})`;
  return { text, encoding, note: `charset: ${encoding}${named}, from ${source}` };
}

/** The charset a `<meta>` tag in the page's first bytes declares, if any. */
function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.byteLength, META_PRESCAN_BYTES),
  ).toString('latin1');
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const label = /charset\s*=\s*["']?\s*([\w.:+-]+)/i.exec(tag)?.[1];
    if (label) return label;
  }
  return undefined;
}

/** A label from the page, safe to quote in the result (short, no control characters). */
function printable(label: string): string {
  return label.replace(/[^\w.:+-]/g, '?').slice(0, 40);
}
