/**
 * Reads one provider's request body back as a neutral list of conversation items, in wire order,
 * and enforces that provider's pairing rules on the way: a request a real service would reject
 * throws with that service's own wording.
 */

/**
 * One entry of a request's conversation (system prompts and tool declarations left out; assistant
 * text trimmed, since the text transport keeps the blank lines around its tool blocks).
 */
export type WireItem =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  /** `input` is the call's argument JSON exactly as the request carries it. */
  | { kind: 'call'; id: string; name: string; input: string }
  /** `isError` only where the wire has an error flag (Anthropic, Bedrock, the text transport). */
  | { kind: 'result'; id: string; output: string; isError?: boolean };

export type WireView = (body: any) => WireItem[];

function textItem(role: 'user' | 'assistant', text: string): WireItem {
  return role === 'user' ? { kind: 'user', text } : { kind: 'assistant', text: text.trim() };
}

function reject(message: string): never {
  throw new Error(`the provider would reject this request: ${message}`);
}

/** Chat Completions: an assistant `tool_calls` message, then one `tool` message per call, in order. */
export const openAIChatView: WireView = (body) => {
  const items: WireItem[] = [];
  const messages: any[] = body.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message.role === 'system') continue;
    if (message.role === 'user') items.push({ kind: 'user', text: message.content });
    else if (message.role === 'tool') {
      reject(
        "messages with role 'tool' must be a response to a preceeding message with 'tool_calls'",
      );
    } else if (message.role === 'assistant') {
      if (message.content) items.push(textItem('assistant', message.content));
      const calls: any[] = message.tool_calls ?? [];
      for (const call of calls) {
        items.push({
          kind: 'call',
          id: call.id,
          name: call.function.name,
          input: call.function.arguments,
        });
      }
      for (const call of calls) {
        const answer = messages[++i];
        if (answer?.role !== 'tool' || answer.tool_call_id !== call.id) {
          reject(
            `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${call.id}`,
          );
        }
        items.push({ kind: 'result', id: call.id, output: answer.content });
      }
    }
  }
  return items;
};

/** Responses (stateless input): every function_call answered by a function_call_output, in order. */
export const openAIResponsesView: WireView = (body) => {
  const items: WireItem[] = [];
  const open: string[] = [];
  const settled = () => {
    if (open.length > 0) reject(`No tool output found for function call ${open[0]}.`);
  };
  for (const item of body.input as any[]) {
    if (item.type === 'message' || (item.role && item.type === undefined)) {
      settled();
      const text =
        typeof item.content === 'string'
          ? item.content
          : item.content.map((part: any) => part.text).join('');
      items.push(textItem(item.role === 'user' ? 'user' : 'assistant', text));
    } else if (item.type === 'function_call') {
      open.push(item.call_id);
      items.push({ kind: 'call', id: item.call_id, name: item.name, input: item.arguments });
    } else if (item.type === 'function_call_output') {
      if (open[0] !== item.call_id) {
        reject(`No tool call found for function call output with call_id ${item.call_id}.`);
      }
      open.shift();
      items.push({ kind: 'result', id: item.call_id, output: item.output });
    }
  }
  settled();
  return items;
};

function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  return (content as any[]).map((block) => block.text ?? JSON.stringify(block.json)).join('');
}

/**
 * Anthropic and Bedrock share one rule: the message after an assistant message with tool uses is
 * a user message that opens with one result per use, same ids, same order. Blank text is refused.
 */
function pairedBlocksView(
  messages: any[],
  block: {
    text(b: any): string | undefined;
    use(b: any): { id: string; name: string; input: unknown } | undefined;
    result(b: any): { id: string; output: string; isError: boolean } | undefined;
  },
  missing: (id: string) => string,
): WireItem[] {
  const items: WireItem[] = [];
  let expected: string[] = [];
  for (const message of messages) {
    const blocks: any[] =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : message.content;
    if (blocks.length === 0) reject(`messages.${message.role}: content must not be empty`);
    const uses: string[] = [];
    blocks.forEach((b, index) => {
      const text = block.text(b);
      const use = block.use(b);
      const result = block.result(b);
      if (text !== undefined) {
        if (!text.trim()) reject('text content blocks must contain non-whitespace text');
        items.push(textItem(message.role === 'user' ? 'user' : 'assistant', text));
      } else if (use) {
        if (message.role !== 'assistant') reject('tool use blocks belong to assistant messages');
        uses.push(use.id);
        items.push({ kind: 'call', id: use.id, name: use.name, input: JSON.stringify(use.input) });
      } else if (result) {
        if (message.role !== 'user' || expected[index] !== result.id) {
          reject(`unexpected tool_use_id found in tool_result blocks: ${result.id}`);
        }
        items.push({
          kind: 'result',
          id: result.id,
          output: result.output,
          isError: result.isError,
        });
      }
    });
    const answered = blocks.filter((b) => block.result(b)).length;
    if (expected.length > answered) reject(missing(expected[answered]!));
    expected = uses;
  }
  if (expected.length > 0) reject(missing(expected[0]!));
  return items;
}

export const anthropicView: WireView = (body) =>
  pairedBlocksView(
    body.messages,
    {
      text: (b) => (b.type === 'text' ? b.text : undefined),
      use: (b) => (b.type === 'tool_use' ? { id: b.id, name: b.name, input: b.input } : undefined),
      result: (b) =>
        b.type === 'tool_result'
          ? { id: b.tool_use_id, output: blockText(b.content), isError: b.is_error === true }
          : undefined,
    },
    (id) =>
      `messages: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${id}`,
  );

export const bedrockView: WireView = (body) =>
  pairedBlocksView(
    body.messages,
    {
      text: (b) => (typeof b.text === 'string' ? b.text : undefined),
      use: (b) =>
        b.toolUse
          ? { id: b.toolUse.toolUseId, name: b.toolUse.name, input: b.toolUse.input }
          : undefined,
      result: (b) => {
        if (!b.toolResult) return undefined;
        const { toolUseId, content, status } = b.toolResult;
        if (status === 'error' && !blockText(content).trim()) {
          reject('The toolResult content blocks must not be empty when status is error');
        }
        return { id: toolUseId, output: blockText(content), isError: status === 'error' };
      },
    },
    (id) => `Expected toolResult blocks at messages for the following Ids: ${id}`,
  );

/**
 * Gemini: a model turn's function calls are answered by the very next turn, one functionResponse
 * per call, same count, order, name and id.
 */
export const genkitView: WireView = (body) => {
  const items: WireItem[] = [];
  const contents: any[] = body.contents;
  for (let i = 0; i < contents.length; i++) {
    const content = contents[i];
    const role = content.role === 'model' ? 'assistant' : 'user';
    const calls: any[] = [];
    for (const part of content.parts as any[]) {
      if (typeof part.text === 'string') items.push(textItem(role, part.text));
      else if (part.functionCall) {
        calls.push(part.functionCall);
        const { id, name, args } = part.functionCall;
        items.push({ kind: 'call', id, name, input: JSON.stringify(args) });
      } else if (part.functionResponse) {
        reject('a function response turn must come right after the function call turn');
      }
    }
    if (calls.length === 0) continue;
    const answer = contents[++i];
    const responses: any[] = (answer?.parts ?? []).filter((part: any) => part.functionResponse);
    if (responses.length !== calls.length || responses.length !== answer.parts.length) {
      reject(
        'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      );
    }
    calls.forEach((call, n) => {
      const response = responses[n].functionResponse;
      if (response.name !== call.name || response.id !== call.id) {
        reject(`function response ${n} does not answer call ${call.name} (${call.id})`);
      }
      const output = response.response;
      items.push({
        kind: 'result',
        id: response.id,
        output: typeof output?.content === 'string' ? output.content : JSON.stringify(output),
      });
    });
  }
  return items;
};

const TOOL_BLOCK = /```tool\n([\s\S]*?)\n```/g;
const RESULT_HEAD = /^(Result of|Error from) ([\w-]+) \(([^)\s]+)\):\n/;

/**
 * The text transport: assistant text carries ```tool blocks; the next user message answers them
 * with "Result of <name> (<id>):" blocks in the same order. A call's id is the one its result names.
 */
export const textView: WireView = (body) => {
  const items: WireItem[] = [];
  const messages: any[] = body.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message.role === 'system') continue;
    if (message.role === 'user') {
      items.push({ kind: 'user', text: message.content });
      continue;
    }
    const content: string = message.content;
    const blocks = [...content.matchAll(TOOL_BLOCK)].map((match) => match[1]!);
    const prose = content.replace(TOOL_BLOCK, '').trim();
    if (prose) items.push(textItem('assistant', prose));
    if (blocks.length === 0) continue;
    const answer = messages[++i];
    const results: string[] =
      answer?.role === 'user' ? answer.content.split(/\n\n(?=(?:Result of|Error from) )/) : [];
    if (results.length !== blocks.length) reject('every ```tool block needs its result block');
    const parsed = results.map((text) => {
      const head = RESULT_HEAD.exec(text);
      if (!head) reject(`not a result block: ${text.slice(0, 40)}`);
      return {
        error: head[1] === 'Error from',
        name: head[2]!,
        id: head[3]!,
        body: text.slice(head[0].length),
      };
    });
    blocks.forEach((block, n) => {
      const { name } = JSON.parse(block) as { name: string };
      if (parsed[n]!.name !== name) reject(`result ${n} names ${parsed[n]!.name}, not ${name}`);
      const prefix = `{"name":${JSON.stringify(name)},"arguments":`;
      const input =
        block.startsWith(prefix) && block.endsWith('}')
          ? block.slice(prefix.length, -1)
          : JSON.stringify(JSON.parse(block).arguments);
      items.push({ kind: 'call', id: parsed[n]!.id, name, input });
    });
    for (const result of parsed) {
      items.push({ kind: 'result', id: result.id, output: result.body, isError: result.error });
    }
  }
  return items;
};
