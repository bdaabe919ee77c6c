import type { ImagePart } from '@agent/llm';
import { pastedFilePath } from '../input/pasted-path';
import { llm, runtime } from './agent-modules';

/** Where the attachments report to the app. */
export interface AttachmentHost {
  /** The paste was not an image after all: it goes into the prompt as the text it was. */
  pasteText(text: string): void;
  error(text: string): void;
  changed(): void;
}

/**
 * The images the next message carries, pasted as file paths (a dropped file, a screenshot path):
 * read and checked off the key path, shown in the input area, taken by the next prompt sent.
 */
export class ImageAttachments {
  private images: ImagePart[] = [];
  private pending = new Set<Promise<void>>();

  constructor(private readonly host: AttachmentHost) {}

  get list(): readonly ImagePart[] {
    return this.images;
  }

  /** The input area's line for each attachment: `[image shot.png · 48 KB]`. */
  get labels(): string[] {
    return this.images.map((image) => llm().imageLabel(image));
  }

  /**
   * Takes a paste that is one file path: true when it did (the file is read in the background and
   * attached if it is an image; otherwise its text is pasted after all).
   */
  paste(text: string): boolean {
    const file = pastedFilePath(text);
    if (file === undefined) return false;
    const read = this.read(file, text).finally(() => this.pending.delete(read));
    this.pending.add(read);
    return true;
  }

  /** The attachments for the prompt being sent (once pastes still being read have settled). */
  async take(): Promise<ImagePart[]> {
    while (this.pending.size > 0) await Promise.all(this.pending);
    const taken = this.images;
    this.images = [];
    if (taken.length > 0) this.host.changed();
    return taken;
  }

  /** Images taken by a prompt that waits for a turn after all: they go with it again. */
  giveBack(images: readonly ImagePart[]): void {
    if (images.length === 0) return;
    this.images = [...images, ...this.images];
    this.host.changed();
  }

  /** Drops the last attachment (Backspace on an empty prompt); false when there was none. */
  dropLast(): boolean {
    if (this.images.length === 0) return false;
    this.images = this.images.slice(0, -1);
    this.host.changed();
    return true;
  }

  clear(): void {
    this.images = [];
  }

  private async read(file: string, text: string): Promise<void> {
    const { checkImageCount, ImageError, MAX_IMAGES_PER_MESSAGE } = llm();
    try {
      const image = await runtime().readImageFile(process.cwd(), file);
      checkImageCount(this.images.length + 1);
      this.images = [...this.images, image];
      this.host.changed();
    } catch (error) {
      // A path to something else (a source file, a folder) is text the person meant to paste.
      if (!(error instanceof ImageError)) {
        this.host.error(`Not attached: ${(error as Error).message}`);
      } else if (error.kind === 'size' || error.kind === 'count') {
        this.host.error(
          error.kind === 'count'
            ? `Not attached: a message may carry at most ${MAX_IMAGES_PER_MESSAGE} images`
            : `Not attached: ${error.message}`,
        );
      }
      this.host.pasteText(text);
    }
  }
}
