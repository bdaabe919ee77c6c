import type { ImageMediaType } from '../messages';

/** The accepted types with the bytes every file of that type starts with (`-1`: any byte). */
const SIGNATURES: ReadonlyArray<{ type: ImageMediaType; bytes: readonly number[] }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  // RIFF....WEBP
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46, -1, -1, -1, -1, 0x57, 0x45, 0x42, 0x50] },
];

/** The image type of `bytes` by their magic bytes (never the file name); undefined for others. */
export function detectImageType(bytes: Uint8Array): ImageMediaType | undefined {
  for (const { type, bytes: signature } of SIGNATURES) {
    if (bytes.length < signature.length) continue;
    if (signature.every((byte, i) => byte === -1 || bytes[i] === byte)) return type;
  }
  return undefined;
}

/** The format word Bedrock Converse takes for a media type (`png`, `jpeg`, `gif`, `webp`). */
export function imageFormat(mediaType: ImageMediaType): 'png' | 'jpeg' | 'gif' | 'webp' {
  return mediaType.slice('image/'.length) as 'png' | 'jpeg' | 'gif' | 'webp';
}
