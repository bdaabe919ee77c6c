import type { ImageRef } from '@agent/llm';
import type { PromptEntry } from '@agent/session';
import type { Segment } from '../view/segment';
import { llm, runtime } from './agent-modules';

/** A prompt as the transcript shows it: what it says, what the model was sent, its images. */
export type ShownPrompt = Pick<PromptEntry, 'shown' | 'sent' | 'display'> & {
  images: readonly ImageRef[];
};

/**
 * A prompt as the person's line, then one line for each file attached to it and each image: a
 * saved prompt on replay, and a prompt another front end (the web page) submitted, live.
 */
export function promptSegments(prompt: ShownPrompt): Segment[] {
  const shown: Segment = { kind: 'user', text: prompt.shown };
  const images = prompt.images.map((image): Segment => ({
    kind: 'info',
    text: llm().imageLabel(image),
  }));
  if (prompt.display === undefined) return [shown, ...images];
  const { attachedFilesOf, attachedLine } = runtime();
  const attached = attachedFilesOf(prompt.sent, prompt.display);
  return [
    shown,
    ...attached.map((file): Segment => ({ kind: 'info', text: attachedLine(file) })),
    ...images,
  ];
}
