import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of `width`x`height` pixels of one colour. `padTo` grows the file to about that many
 * bytes with a comment chunk (still a valid PNG), for size bounds.
 */
export function pngFile(
  options: { width?: number; height?: number; rgb?: [number, number, number]; padTo?: number } = {},
): Buffer {
  const { width = 2, height = 2, rgb = [200, 30, 30] } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
  ];
  const size = parts.reduce((sum, part) => sum + part.length, 0) + 12;
  if (options.padTo && options.padTo > size + 12) {
    parts.push(chunk('tEXt', Buffer.alloc(options.padTo - size - 12, 0x61)));
  }
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** The smallest GIF (1x1, one colour). */
export function gifFile(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}
