import type { ImagePart, Message } from '@agent/llm';
import { ContentStore } from '../workspace/content-store';

/**
 * The images of a session's messages, kept once per content hash under `$AGENT_HOME/images`
 * (the session file only references them).
 */
export class ImageStore {
  private readonly store: ContentStore;

  constructor(agentHome: string) {
    this.store = new ContentStore(agentHome, 'images');
  }

  /** Stores the bytes of every image that carries them (before the message is recorded). */
  async save(images: readonly ImagePart[]): Promise<void> {
    for (const image of images) {
      if (image.data === undefined) continue;
      const hash = await this.store.save(Buffer.from(image.data, 'base64'));
      if (hash !== image.sha256) throw new Error(`image ${image.name}: its hash does not match`);
    }
  }

  /**
   * The messages with their images' bytes read back from the store (a resumed session), and the
   * images that could not be read: those stay without bytes and are sent as a text note.
   */
  async load(messages: readonly Message[]): Promise<{ messages: Message[]; missing: ImagePart[] }> {
    const missing: ImagePart[] = [];
    const loaded: Message[] = [];
    for (const message of messages) {
      if (message.role !== 'user' || !message.images?.length) {
        loaded.push(message);
        continue;
      }
      const images: ImagePart[] = [];
      for (const image of message.images) {
        if (image.data !== undefined) {
          images.push(image);
          continue;
        }
        const bytes = await this.store.load(image.sha256);
        if (bytes) images.push({ ...image, data: bytes.toString('base64') });
        else {
          images.push(image);
          missing.push(image);
        }
      }
      loaded.push({ ...message, images });
    }
    return { messages: loaded, missing };
  }
}

/** What the person is told about images a resumed session no longer has. */
export function missingImagesNotice(missing: readonly ImagePart[], agentHome: string): string {
  const names = missing.map((image) => `${image.name} (sha256 ${image.sha256.slice(0, 12)})`);
  return `${missing.length === 1 ? 'An image' : `${missing.length} images`} of this session ${missing.length === 1 ? 'is' : 'are'} no longer stored under ${agentHome}/images: ${names.join(', ')}. The model gets a note in place of each.`;
}
