import type { ImagePart, UserMessage } from '../../messages';
import { missingImageNote } from '../../images';

/** An image whose bytes are at hand. */
export type LoadedImage = ImagePart & { data: string };

/** How one wire writes the parts of a person's message. */
export interface UserPartWriter<P> {
  text(value: string): P;
  image(image: LoadedImage): P;
}

/**
 * A user message as wire parts: its text (when not blank), then each image in order, or a text
 * note in place of an image whose stored copy is missing.
 */
export function userParts<P>(message: UserMessage, writer: UserPartWriter<P>): P[] {
  const parts: P[] = message.text.trim() ? [writer.text(message.text)] : [];
  for (const image of message.images ?? []) {
    parts.push(
      image.data !== undefined
        ? writer.image(image as LoadedImage)
        : writer.text(missingImageNote(image)),
    );
  }
  return parts;
}

/** `data:image/png;base64,...` for the wires that take images as URLs. */
export function imageDataUrl(image: LoadedImage): string {
  return `data:${image.mediaType};base64,${image.data}`;
}

/** Whether any user message of a history carries images (sent or missing). */
export function carriesImages(messages: readonly { role: string; images?: unknown[] }[]): boolean {
  return messages.some((message) => message.role === 'user' && (message.images?.length ?? 0) > 0);
}
