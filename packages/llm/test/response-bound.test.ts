import { startOpenAIChatServer } from '@agent/testkit';
import { MAX_RESPONSE_CHARS } from '../src/loop/collect-turn';
import { create as createChat } from '../src/providers/openai-chat';
import { closedAfterEach, runLoop, USER } from './support/provider-fixtures';

jest.setTimeout(60_000);

const track = closedAfterEach();

describe('one model response is bounded', () => {
  it('stops a runaway text stream past the limit with a clear error, keeping memory bounded', async () => {
    const chunk = 'x'.repeat(256 * 1024);
    const chunks = Array.from({ length: MAX_RESPONSE_CHARS / chunk.length + 8 }, () => chunk);
    const server = track(await startOpenAIChatServer([{ text: chunks }]));
    const provider = createChat({ model: 'gpt-test', baseUrl: `${server.url}/v1`, apiKey: 'k' });
    const { result, events } = await runLoop(provider, [USER]);

    expect(result.reason).toBe('error');
    expect(result.error).toMatch(/passed 8 MiB of text and was stopped/);
    const last = result.messages.at(-1)!;
    expect(last.role).toBe('assistant');
    const kept = last.role === 'assistant' ? last.text.length : 0;
    expect(kept).toBeLessThanOrEqual(MAX_RESPONSE_CHARS);
    expect(events.some((e) => e.type === 'turn_end')).toBe(true);
  });
});
