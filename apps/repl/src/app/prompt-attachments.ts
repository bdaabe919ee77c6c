import type { AgentSession } from '@agent/runtime';
import type { ImagePart } from '@agent/llm';
import { llm } from './agent-modules';
import type { ImageAttachments } from './image-attachments';

/** Where the attaching says what it attached and what went wrong (transcript lines). */
export interface AttachReport {
  info(text: string): void;
  error(text: string): void;
}

/** A prompt ready to send, and what its attaching has to say once it is sent. */
export interface AttachedPrompt {
  /** The prompt with the mentioned files' text attached. */
  prompt: string;
  /** Every image it carries: the mentioned ones, then the pasted ones. */
  images: ImagePart[];
  /** The images pasted for it, given back to the input when it waits instead of going out. */
  pasted: ImagePart[];
  /** Says what was attached (one line each, as sent) and what went wrong. */
  report(to: AttachReport): void;
}

/**
 * What a prompt is sent with: the files and images its `@path` mentions name (when `mentions`),
 * then the images pasted for it. A mention that cannot be read is reported, never fatal.
 */
export async function attachToPrompt(
  text: string,
  from: { core: AgentSession | undefined; pasted: ImageAttachments; mentions: boolean },
): Promise<AttachedPrompt> {
  let prompt = text;
  const images: ImagePart[] = [];
  const notes: Array<{ error: boolean; text: string }> = [];
  const note = (error: boolean) => (line: string) => notes.push({ error, text: line });
  if (from.mentions && from.core && text.includes('@')) {
    try {
      const expanded = await from.core.attachMentions(text);
      expanded?.lines.forEach(note(false));
      expanded?.problems.forEach(note(true));
      prompt = expanded?.text ?? text;
      images.push(...(expanded?.images ?? []));
    } catch (error) {
      note(true)(`Could not attach the mentioned files: ${(error as Error).message}`);
    }
  }
  const pasted = await from.pasted.take();
  pasted.map((image) => llm().imageLabel(image)).forEach(note(false));
  images.push(...pasted);
  return {
    prompt,
    images,
    pasted,
    report: (to) => {
      for (const { error, text: line } of notes) (error ? to.error : to.info).call(to, line);
    },
  };
}
