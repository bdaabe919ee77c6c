import { createHash } from 'node:crypto';
import type { ImagePart, ImageRef } from '../messages';
import { detectImageType } from './image-type';

/**
 * Bytes of one image. Anthropic and Bedrock accept 5 MB of base64 per image (3.75 MB of bytes),
 * the smallest bound of the five provider families, so every provider takes what passes here.
 */
export const MAX_IMAGE_BYTES = 3.75 * 1024 * 1024;

/** Images of one message (Bedrock takes at most 20 per request; the others more). */
export const MAX_IMAGES_PER_MESSAGE = 10;

/** Tokens an image is counted as in context accounting (about a 1000x1000 picture on Claude). */
export const IMAGE_TOKEN_ESTIMATE = 1600;

/** An image the agent will not send, with a message that says why and what is accepted. */
export class ImageError extends Error {
  override readonly name = 'ImageError';
  constructor(
    message: string,
    /** What is wrong: not an accepted image type, too big, too many, or the file itself. */
    readonly kind: 'type' | 'size' | 'count' | 'file',
  ) {
    super(message);
  }
}

/**
 * The image part for a file's bytes: type by magic bytes (PNG, JPEG, GIF, WebP), size bounded by
 * {@link MAX_IMAGE_BYTES}. Throws ImageError naming the file otherwise.
 */
export function imagePart(name: string, bytes: Buffer): ImagePart {
  const mediaType = detectImageType(bytes);
  if (!mediaType) throw notAnImage(name);
  checkImageSize(name, bytes.length);
  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    mediaType,
    name,
    size: bytes.length,
    data: bytes.toString('base64'),
  };
}

/** The error for a file whose bytes are none of the accepted image types. */
export function notAnImage(name: string): ImageError {
  return new ImageError(
    `${name} is not an image this agent can send (PNG, JPEG, GIF or WebP)`,
    'type',
  );
}

/** Throws ImageError when an image of `size` bytes is over {@link MAX_IMAGE_BYTES}. */
export function checkImageSize(name: string, size: number): void {
  if (size > MAX_IMAGE_BYTES) {
    throw new ImageError(
      `${name} is ${formatBytes(size)}: an image may be at most ${formatBytes(MAX_IMAGE_BYTES)} (5 MB once encoded, the bound of Anthropic and Bedrock)`,
      'size',
    );
  }
}

/** Throws ImageError when one message would carry more than {@link MAX_IMAGES_PER_MESSAGE}. */
export function checkImageCount(count: number): void {
  if (count > MAX_IMAGES_PER_MESSAGE) {
    throw new ImageError(
      `${count} images attached: a message may carry at most ${MAX_IMAGES_PER_MESSAGE}`,
      'count',
    );
  }
}

/** An image part without its bytes: what a session line records. */
export function imageRef(image: ImageRef): ImageRef {
  return { sha256: image.sha256, mediaType: image.mediaType, name: image.name, size: image.size };
}

/** `48 KB`, `1.2 MB`, `812 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Number(mb.toFixed(2))} MB`;
}

/** The one-line label of an image in transcripts and summaries: `[image shot.png · 48 KB]`. */
export function imageLabel(image: ImageRef): string {
  return `[image ${image.name} · ${formatBytes(image.size)}]`;
}

/** What a model is sent in place of an image whose stored copy could not be read back. */
export function missingImageNote(image: ImageRef): string {
  return `${imageLabel(image)} (the person attached this image earlier; its stored copy is missing, so it cannot be shown again)`;
}
