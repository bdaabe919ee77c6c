import { prepareMessages } from '../../src/history';
import type { Message } from '../../src/messages';
import { toChatMessages } from '../../src/providers/openai-chat/chat-messages';
import { toResponsesInput } from '../../src/providers/openai-responses/responses-input';
import { toTextMessages } from '../../src/providers/text/text-messages';

/** A resumed session: old turns, a checkpoint, a turn with a malformed call and one left pending. */
const SESSION: Message[] = [
  { role: 'user', text: 'old question' },
  { role: 'assistant', text: 'old answer', toolCalls: [] },
  { role: 'checkpoint', summary: 'We fixed the parser.' },
  { role: 'user', text: 'run the tests' },
  {
    role: 'assistant',
    text: '',
    toolCalls: [
      {
        id: 'call_1',
        name: 'read_file',
        input: '{"path": "a.md"',
        status: 'error',
        summary: 'invalid arguments',
        output: 'Invalid arguments for read_file: not valid JSON',
      },
      {
        id: 'call_2',
        name: 'run_shell',
        input: { command: 'npm test' },
        status: 'pending',
        summary: '',
      },
    ],
  },
];

/** As the history boundary hands it to every adapter. */
const HISTORY = prepareMessages(SESSION);

const NOTE =
  'Summary of the earlier conversation (older messages were compacted):\n\nWe fixed the parser.';
const INTERRUPTED = 'interrupted: the turn ended before this call finished';

describe('history rebuild for the OpenAI family', () => {
  test('chat: checkpoint as a user note, raw arguments verbatim, a pending call closed and paired', () => {
    expect(toChatMessages('sys', HISTORY)).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: NOTE },
      { role: 'user', content: 'run the tests' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'read_file', arguments: '{"path": "a.md"' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'run_shell', arguments: '{"command":"npm test"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: 'Invalid arguments for read_file: not valid JSON',
      },
      { role: 'tool', tool_call_id: 'call_2', content: INTERRUPTED },
    ]);
  });

  test('responses: the same history as stateless input items', () => {
    expect(toResponsesInput(HISTORY)).toEqual([
      { type: 'message', role: 'user', content: NOTE },
      { type: 'message', role: 'user', content: 'run the tests' },
      { type: 'function_call', call_id: 'call_1', name: 'read_file', arguments: '{"path": "a.md"' },
      {
        type: 'function_call',
        call_id: 'call_2',
        name: 'run_shell',
        arguments: '{"command":"npm test"}',
      },
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: 'Invalid arguments for read_file: not valid JSON',
      },
      { type: 'function_call_output', call_id: 'call_2', output: INTERRUPTED },
    ]);
  });

  test('text: calls re-serialised as ```tool blocks, results as one user message of labelled blocks', () => {
    const messages = toTextMessages('sys', [], HISTORY);
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: NOTE },
      { role: 'user', content: 'run the tests' },
      {
        role: 'assistant',
        content:
          '```tool\n{"name": "read_file", "arguments": {"path": "a.md"}\n```\n\n' +
          '```tool\n{"name":"run_shell","arguments":{"command":"npm test"}}\n```',
      },
      {
        role: 'user',
        content:
          'Error from read_file (call_1):\nInvalid arguments for read_file: not valid JSON\n\n' +
          `Error from run_shell (call_2):\n${INTERRUPTED}`,
      },
    ]);
    expect(messages[0]).toEqual({ role: 'system', content: 'sys' });
  });
});
