import { toolBudgetFor, type ToolBudget } from '@agent/llm';
import type { Tool } from '@agent/tools';
import { z } from 'zod/v4';
import { selectTools } from '../src/tools/tool-selection';

function tool(name: string, server?: string, words = 1): Tool {
  return {
    name,
    description: `${name}: ${'does a thing. '.repeat(words)}`,
    inputSchema: z.object({ value: z.string() }),
    permission: 'read',
    execute: async () => ({ output: 'ok' }),
    ...(server ? { mcp: { server, tool: name, readOnlyHint: true } } : {}),
  } as Tool;
}

function tools(server: string, count: number, words = 1): Tool[] {
  return Array.from({ length: count }, (_, i) => tool(`mcp__${server}__t${i + 1}`, server, words));
}

const budget = (maxTools: number, maxSchemaTokens = 1_000_000): ToolBudget => ({
  maxTools,
  maxSchemaTokens,
  countRule: `at most ${maxTools} tools`,
  sizeRule: 'schemas too large',
});

describe('which tools a request offers', () => {
  it('offers every fixed tool however many, then whole servers in order, then the first tools of the rest', () => {
    const fixed = [tool('read_file'), tool('ask_user')];
    const live = [...tools('big', 10), ...tools('small', 2)];
    const selection = selectTools(fixed, live, budget(8), new Set());
    expect(selection.tools.map((t) => t.name)).toEqual([
      'mcp__big__t1',
      'mcp__big__t2',
      'mcp__big__t3',
      'mcp__big__t4',
      'mcp__small__t1',
      'mcp__small__t2',
    ]);
    expect(selection.report).toMatchObject({
      offered: 8,
      limit: 'count',
      leftOut: [{ server: 'big', total: 10, offered: 4 }],
      withheld: [],
    });
    expect(selection.why('mcp__big__t9')).toMatch(
      /left out to stay within the tool budget \(at most 8 tools\)/,
    );
    expect(selection.why('mcp__big__t1')).toBeUndefined();
    // Even a budget smaller than the built-in tools keeps them all (ask_user among them).
    const tight = selectTools(fixed, live, budget(1), new Set());
    expect(tight.tools).toEqual([]);
    expect(tight.report.offered).toBe(2);
  });

  it('a withheld server offers nothing and is not counted as left out; its tools say why', () => {
    const live = [...tools('big', 10), ...tools('small', 2)];
    const selection = selectTools([tool('read_file')], live, budget(128), new Set(['big']));
    expect(selection.tools.map((t) => t.name)).toEqual(['mcp__small__t1', 'mcp__small__t2']);
    expect(selection.report.leftOut).toEqual([]);
    expect(selection.report.limit).toBeUndefined();
    expect(selection.report.withheld).toEqual([{ server: 'big', total: 10, offered: 0 }]);
    expect(selection.why('mcp__big__t1')).toBe(
      'the person chose not to offer the tools of the MCP server "big"',
    );
  });

  it('the size budget leaves out what would not fit, and says so', () => {
    const live = tools('wordy', 50, 40);
    const ten = selectTools([], live.slice(0, 10), budget(128), new Set()).report.schemaTokens;
    const selection = selectTools([], live, budget(128, ten), new Set());
    expect(selection.tools).toHaveLength(10);
    expect(selection.report).toMatchObject({
      limit: 'size',
      leftOut: [{ offered: 10, total: 50 }],
    });
  });

  it('each provider family has its budget: 128 tools for OpenAI, 512 for Gemini (Genkit), a quarter of the window', () => {
    expect(toolBudgetFor('openai-chat', 'gpt-4o')).toMatchObject({
      maxTools: 128,
      maxSchemaTokens: 32_000,
    });
    expect(toolBudgetFor('openai-responses', 'gpt-5').maxTools).toBe(128);
    expect(toolBudgetFor('genkit', 'gemini-2.5-pro').maxTools).toBe(512);
    expect(toolBudgetFor('anthropic', 'claude-sonnet-4').maxSchemaTokens).toBe(50_000);
  });
});
