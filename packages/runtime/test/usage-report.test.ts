import { sessionUsage, type SessionEvent } from '@agent/session';
import { usageReport } from '../src';

const TS = '2026-12-02T00:00:00.000Z';
let id = 0;
const base = () => ({ v: 1, id: String(id++), ts: TS });
const answer = (inputTokens: number, outputTokens: number, cachedTokens?: number): SessionEvent =>
  ({
    ...base(),
    type: 'assistant',
    message: {
      role: 'assistant',
      text: 'ok',
      toolCalls: [],
      usage: { inputTokens, outputTokens, ...(cachedTokens ? { cachedTokens } : {}) },
    },
  }) as SessionEvent;

describe('the usage of a session, per model', () => {
  const events: SessionEvent[] = [
    { ...base(), type: 'session_start', cwd: '/w', provider: 'anthropic', model: 'claude-a' },
    answer(1000, 100, 600),
    { ...base(), type: 'provider_change', provider: 'anthropic', model: 'claude-b' },
    answer(500, 50),
    { ...base(), type: 'provider_change', provider: 'anthropic', model: 'claude-a' },
    answer(2000, 10, 1500),
  ];

  it('adds each response to the model it came from, in the order models were first used', () => {
    expect(sessionUsage(events)).toEqual([
      {
        provider: 'anthropic',
        model: 'claude-a',
        inputTokens: 3000,
        outputTokens: 110,
        cachedTokens: 2100,
        responses: 2,
      },
      {
        provider: 'anthropic',
        model: 'claude-b',
        inputTokens: 500,
        outputTokens: 50,
        cachedTokens: 0,
        responses: 1,
      },
    ]);
  });

  it('prices the models it knows, cached input at its own price, and names the rest', () => {
    const report = usageReport(sessionUsage(events), {
      'claude-a': { input: 3, output: 15, cachedInput: 0.3 },
    });
    // (900 × 3 + 2,100 × 0.3 + 110 × 15) / 1e6
    expect(report.models[0]!.cost).toBeCloseTo(0.00498, 10);
    expect(report.models[1]!.cost).toBeUndefined();
    expect(report.total).toEqual({
      inputTokens: 3500,
      outputTokens: 160,
      cachedTokens: 2100,
      cost: report.models[0]!.cost,
      unpriced: ['claude-b'],
    });
    // Without a cached price, cached input costs as much as the rest.
    const plain = usageReport(sessionUsage(events), { 'claude-b': { input: 1, output: 2 } });
    expect(plain.models[1]!.cost).toBeCloseTo((500 * 1 + 50 * 2) / 1e6, 12);
  });
});
