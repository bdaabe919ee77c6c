import { checkpointText } from '../../history';
import type { Message, ToolActivity } from '../../messages';
import { WireCallIds } from './wire-call-id';
import { userParts, type LoadedImage } from './user-content';

/** A wire turn whose content is a list of blocks. */
export interface BlockTurn<B, R extends string = BlockRole> {
  role: R;
  content: B[];
}

export type BlockRole = 'user' | 'assistant';

/** The roles a block wire gives person text, the model's turns and the results of its calls. */
export interface TurnRoles<R extends string> {
  user: R;
  model: R;
  results: R;
}

/** Anthropic and Bedrock: results open the next user turn. */
export const BLOCK_ROLES: TurnRoles<BlockRole> = {
  user: 'user',
  model: 'assistant',
  results: 'user',
};

/** How one block wire writes text, a tool call and a tool result (`wireId` pairs the two). */
export interface BlockWriter<B, R extends string = BlockRole> {
  roles: TurnRoles<R>;
  text(value: string): B;
  /** An attached image of a person's message, in the wire's own image block. */
  image(image: LoadedImage): B;
  toolUse(call: ToolActivity, wireId: string): B;
  toolResult(call: ToolActivity, wireId: string): B;
  /**
   * The id a call carries on the wire; `scope` tells apart equal ids of different turns. Default:
   * rewritten to the `[a-zA-Z0-9_-]{1,64}` the Anthropic and Bedrock wires accept (`WireCallIds`).
   */
  wireId?: (id: string, scope: number) => string;
}

/**
 * Prepared neutral history as alternating, non-empty block turns (as the Anthropic, Bedrock and
 * Gemini wires require): each model turn is `[text?, toolUse...]`, followed by a results turn
 * with a result for every call, in order. Same-role turns merge and blank text is never written.
 */
export function toBlockTurns<B, R extends string = BlockRole>(
  messages: readonly Message[],
  writer: BlockWriter<B, R>,
): BlockTurn<B, R>[] {
  const ids = new WireCallIds();
  const wireId = writer.wireId ?? ((id: string, scope: number) => ids.wire(id, scope));
  const { roles } = writer;
  const turns: BlockTurn<B, R>[] = [];
  const push = (role: R, blocks: B[]) => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  const text = (value: string): B[] => (value.trim() ? [writer.text(value)] : []);

  messages.forEach((message, index) => {
    if (message.role === 'user') push(roles.user, userParts(message, writer));
    else if (message.role === 'checkpoint') push(roles.user, text(checkpointText(message)));
    else {
      push(roles.model, [
        ...text(message.text),
        ...message.toolCalls.map((call) => writer.toolUse(call, wireId(call.id, index))),
      ]);
      push(
        roles.results,
        message.toolCalls.map((call) => writer.toolResult(call, wireId(call.id, index))),
      );
    }
  });
  return turns;
}
