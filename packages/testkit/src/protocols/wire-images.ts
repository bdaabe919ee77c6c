/** An image block as a fake server received it: the declared type and the decoded bytes. */
export interface WireImage {
  mediaType: string;
  bytes: Buffer;
}

/**
 * The first bytes of each image type the real services accept. Kept apart from the agent's own
 * detection on purpose: the fake checks what the wire carries independently of the code it tests.
 */
const SIGNATURES: Record<string, RegExp> = {
  'image/png': /^\x89PNG\r\n\x1a\n/,
  'image/jpeg': /^\xff\xd8\xff/,
  'image/gif': /^GIF8/,
  'image/webp': /^RIFF[\s\S]{4}WEBP/,
};

/** Why the real service would reject this image (bytes not of the declared type), if it would. */
export function imageProblem(image: WireImage): string | undefined {
  const signature = SIGNATURES[image.mediaType];
  if (!signature) return `unsupported image type ${JSON.stringify(image.mediaType)}`;
  if (image.bytes.length === 0) return 'the image is empty';
  if (!signature.test(image.bytes.subarray(0, 16).toString('latin1'))) {
    return `the image was specified using the ${image.mediaType} media type, but its bytes are not one`;
  }
  return undefined;
}

/** Strict base64 (as the services decode it); undefined for anything else. */
export function decodeBase64(text: unknown): Buffer | undefined {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    return undefined;
  }
  return Buffer.from(text, 'base64');
}

/** `data:<type>;base64,<data>` as an image, or undefined when the URL is not one. */
export function dataUrlImage(url: unknown): WireImage | undefined {
  const match = typeof url === 'string' ? /^data:([^;,]+);base64,(.*)$/s.exec(url) : null;
  const bytes = match && decodeBase64(match[2]);
  return match && bytes ? { mediaType: match[1]!, bytes } : undefined;
}

/** Every content part of every message of a request body, in order. */
export function contentParts(
  turns: unknown,
  field: 'content' | 'parts' = 'content',
): Record<string, any>[] {
  if (!Array.isArray(turns)) return [];
  return turns.flatMap((turn: Record<string, unknown> | null) => {
    const parts = turn?.[field];
    return Array.isArray(parts) ? (parts as Record<string, any>[]) : [];
  });
}

/** An image block the wire names but that does not decode: the services reject these too. */
export const UNDECODABLE: WireImage = { mediaType: 'undecodable', bytes: Buffer.alloc(0) };
