import type { AgentSession } from '@agent/runtime';
import type { ImagePart } from '@agent/llm';
import { llm } from './agent-modules';
import type { ImageAttachments } from './image-attachments';

/** Where the attaching says what it attached and what went wrong (transcript lines). */
export interface AttachReport {
  info(text: string): void;
  error(text: string): void;
}

/**
 * What a prompt is sent with: the files and images its `@path` mentions name (when `mentions`),
 * then the images pasted for it, each reported as one line as sent. The prompt comes back with
 * the mentioned files' text attached; a mention that cannot be read is reported, never fatal.
 */
export async function attachToPrompt(
  text: string,
  from: { core: AgentSession | undefined; pasted: ImageAttachments; mentions: boolean },
  report: AttachReport,
): Promise<{ prompt: string; images: ImagePart[] }> {
  let prompt = text;
  const images: ImagePart[] = [];
  if (from.mentions && from.core && text.includes('@')) {
    try {
      const expanded = await from.core.attachMentions(text);
      for (const line of expanded?.lines ?? []) report.info(line);
      for (const problem of expanded?.problems ?? []) report.error(problem);
      prompt = expanded?.text ?? text;
      images.push(...(expanded?.images ?? []));
    } catch (error) {
      report.error(`Could not attach the mentioned files: ${(error as Error).message}`);
    }
  }
  const pasted = await from.pasted.take();
  for (const image of pasted) report.info(llm().imageLabel(image));
  images.push(...pasted);
  return { prompt, images };
}
