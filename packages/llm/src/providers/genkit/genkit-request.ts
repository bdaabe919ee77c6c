import type { MessageData, Part } from 'genkit';
import { toolResultText } from '../../history';
import type { Message } from '../../messages';
import { imageDataUrl, toBlockTurns, toolInputObject } from '../shared';

type Role = MessageData['role'];

/**
 * Prepared neutral history as Genkit messages: a model turn `[{text}?, {toolRequest}...]` then one
 * tool turn with a `toolResponse` per request, in order, paired by `ref` (the neutral call id).
 * Consecutive same-role turns are merged; blank text and empty turns are never sent.
 */
export function toGenkitMessages(messages: Message[]): MessageData[] {
  return toBlockTurns<Part, Role>(messages, {
    roles: { user: 'user', model: 'model', results: 'tool' },
    wireId: (id) => id,
    text: (value) => ({ text: value }),
    image: (image) => ({ media: { url: imageDataUrl(image), contentType: image.mediaType } }),
    toolUse: (call, ref) => ({
      toolRequest: { name: call.name, ref, input: toolInputObject(call.input) },
    }),
    toolResult: (call, ref) => ({
      toolResponse: { name: call.name, ref, output: toolResultText(call) },
    }),
  });
}
