import type { MessageData, Part } from 'genkit';
import { checkpointText, prepareMessages, statusLine, toolResultText } from '../../history';
import type { Message } from '../../messages';
import { toolInputObject } from '../shared';

type Role = MessageData['role'];

/**
 * Rebuilds neutral history as Genkit messages: a model turn `[{text}?, {toolRequest}...]` then one
 * tool turn with a `toolResponse` per request, in order, paired by `ref` (the neutral call id).
 * Consecutive same-role turns are merged; blank text and empty turns are never sent.
 */
export function toGenkitMessages(messages: Message[]): MessageData[] {
  const out: MessageData[] = [];
  const push = (role: Role, parts: Part[]) => {
    if (parts.length === 0) return;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...parts);
    else out.push({ role, content: parts });
  };
  const text = (value: string): Part[] => (value.trim() ? [{ text: value }] : []);

  for (const message of prepareMessages(messages)) {
    if (message.role === 'user') push('user', text(message.text));
    else if (message.role === 'checkpoint') push('user', text(checkpointText(message)));
    else {
      push('model', [
        ...text(message.text),
        ...message.toolCalls.map((call): Part => ({
          toolRequest: { name: call.name, ref: call.id, input: toolInputObject(call.input) },
        })),
      ]);
      push(
        'tool',
        message.toolCalls.map((call): Part => ({
          toolResponse: {
            name: call.name,
            ref: call.id,
            output: toolResultText(call) || statusLine(call),
          },
        })),
      );
    }
  }
  return out;
}
