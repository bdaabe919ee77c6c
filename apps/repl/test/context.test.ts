import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';
import { formatTokens } from '../src/view/status-line';

const ENTER = '\r';

interface Report {
  used: number;
  parts: Record<'system' | 'tools' | 'conversation' | 'results', number>;
  left: number;
}

/** Runs /context and reads its figures from the report it adds to the transcript. */
async function contextReport(h: Harness): Promise<Report> {
  const segments = h.repl.app.transcript.segments;
  const count = segments.length;
  await h.type('/context');
  h.send(ENTER);
  await h.waitFor(
    () => segments.slice(count).some((s) => s.kind === 'info' && s.text.startsWith('Context: ')),
    '/context report',
  );
  const segment = segments.slice(count).find((s) => s.kind === 'info')!;
  const report = segment.kind === 'info' ? segment.text : '';
  await h.waitForText(report.split('\n')[0]!);
  const num = (re: RegExp): number => Number(re.exec(report)?.[1] ?? NaN);
  return {
    used: num(/Context: (\d+) of/),
    parts: {
      system: num(/system prompt\s+(\d+)/),
      tools: num(/tools\s+(\d+)/),
      conversation: num(/conversation\s+(\d+)/),
      results: num(/tool results\s+(\d+)/),
    },
    left: num(/\((\d+) before the last checkpoint left out\)/) || 0,
  };
}

function statusFigure(screen: string): string {
  return /ctx (\S+) \(/.exec(screen)?.[1] ?? '?';
}

describe('context figures', () => {
  it('on the demo provider the status line and /context agree and count the tool specs', async () => {
    const h = await new Harness(110, 40).start(undefined, { provider: 'demo' });
    try {
      await h.type('hello');
      h.send(ENTER);
      await h.waitForText('offline demo provider', 8000);
      await h.waitForText('· ready', 8000);
      const report = await contextReport(h);
      const sum = Object.values(report.parts).reduce((a, b) => a + b, 0);
      expect(report.parts.tools).toBeGreaterThan(500);
      expect(report.used).toBeGreaterThanOrEqual(sum);
      expect(report.used).toBeLessThan(sum * 1.02);
      expect(statusFigure(await h.screen())).toBe(formatTokens(report.used));
    } finally {
      await h.stop();
    }
  });

  it('a provider count below the estimate (cached input left out, say) never lowers the figure', async () => {
    const provider = new ScriptedProvider(
      [
        [
          { type: 'text_delta', text: 'Short.' },
          { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
          { type: 'end', stopReason: 'stop' },
        ],
      ],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness(110, 40).start(provider);
    try {
      await h.type('hi');
      h.send(ENTER);
      await h.waitForText('Short.');
      await h.waitForText('· ready');
      const report = await contextReport(h);
      const sum = Object.values(report.parts).reduce((a, b) => a + b, 0);
      expect(report.used).toBe(sum);
      expect(await h.screen()).toContain('last provider count 15');
      expect(statusFigure(await h.screen())).toBe(formatTokens(sum));
    } finally {
      await h.stop();
    }
  });

  it('after /compact both count only the request from the checkpoint on', async () => {
    const long = 'a long answer with many words '.repeat(200);
    const provider = new ScriptedProvider(
      [
        [
          { type: 'text_delta', text: long },
          { type: 'usage', usage: { inputTokens: 3000, outputTokens: 1800 } },
          { type: 'end', stopReason: 'stop' },
        ],
        reply('- short summary'),
      ],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness(110, 40).start(provider);
    try {
      await h.type('talk a lot');
      h.send(ENTER);
      await h.waitForText('many words');
      await h.waitForText('· ready');
      const before = await contextReport(h);
      expect(before.used).toBe(4800);
      expect(statusFigure(await h.screen())).toBe('4.8k');
      await h.type('/compact');
      h.send(ENTER);
      await h.waitForText('into a summary');
      const after = await contextReport(h);
      const sum = Object.values(after.parts).reduce((a, b) => a + b, 0);
      expect(after.parts.conversation).toBeLessThan(50);
      expect(after.used).toBe(sum);
      expect(after.left).toBe(2);
      expect(statusFigure(await h.screen())).toBe(formatTokens(after.used));
    } finally {
      await h.stop();
    }
  });
});
