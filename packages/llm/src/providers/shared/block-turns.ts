import { checkpointText, prepareMessages } from '../../history';
import type { Message, ToolActivity } from '../../messages';
import { WireCallIds } from './wire-call-id';

/** A wire turn whose content is a list of blocks. */
export interface BlockTurn<B> {
  role: 'user' | 'assistant';
  content: B[];
}

/** How one block wire writes text, a tool call and a tool result (`wireId` pairs the two). */
export interface BlockWriter<B> {
  text(value: string): B;
  toolUse(call: ToolActivity, wireId: string): B;
  toolResult(call: ToolActivity, wireId: string): B;
}

/**
 * Neutral history as alternating, non-empty block turns (as the Anthropic and Bedrock wires
 * require): each assistant turn is `[text?, toolUse...]`, followed by a user turn opening with a
 * result for every call, in order. Same-role turns merge and blank text is never written.
 */
export function toBlockTurns<B>(messages: Message[], writer: BlockWriter<B>): BlockTurn<B>[] {
  const ids = new WireCallIds();
  const turns: BlockTurn<B>[] = [];
  const push = (role: BlockTurn<B>['role'], blocks: B[]) => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  const text = (value: string): B[] => (value.trim() ? [writer.text(value)] : []);

  prepareMessages(messages).forEach((message, index) => {
    if (message.role === 'user') push('user', text(message.text));
    else if (message.role === 'checkpoint') push('user', text(checkpointText(message)));
    else {
      push('assistant', [
        ...text(message.text),
        ...message.toolCalls.map((call) => writer.toolUse(call, ids.wire(call.id, index))),
      ]);
      push(
        'user',
        message.toolCalls.map((call) => writer.toolResult(call, ids.wire(call.id, index))),
      );
    }
  });
  return turns;
}
