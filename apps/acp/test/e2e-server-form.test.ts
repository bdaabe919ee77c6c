import { startOpenAIChatServer } from '@agent/testkit';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** A value that fits one property of a form's JSON Schema, as a person would fill it in. */
function fill(property: Record<string, unknown>, key: string): unknown {
  const choices = (property.enum ??
    (property.oneOf as Array<{ const: unknown }> | undefined)?.map((o) => o.const)) as
    unknown[] | undefined;
  if (choices?.length) return choices[0];
  switch (property.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof property.minimum === 'number' ? property.minimum : 7;
    case 'array': {
      const items = property.items as
        { enum?: unknown[]; anyOf?: Array<{ const: unknown }> } | undefined;
      return [items?.enum?.[0] ?? items?.anyOf?.[0]?.const].filter((item) => item !== undefined);
    }
    default:
      if (property.format === 'email') return 'ada@example.com';
      if (property.format === 'uri') return 'https://example.com';
      if (property.format === 'date') return '2026-12-01';
      if (property.format === 'date-time') return '2026-12-01T10:00:00Z';
      return key === 'name' ? 'Ada Lovelace' : 'typed in the editor';
  }
}

/**
 * An MCP server's form reaches the editor as form elicitation (issue 21: "MCP servers' forms go
 * through the same elicitation"), and what the person fills in there reaches the server, whose
 * reply the model then reads.
 */
describe('agent-acp: an MCP server asks the person through the editor', () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 'call_form', name: 'mcp__everything__trigger-elicitation-request', arguments: {} },
        ],
      },
      { text: 'Thanks, noted.' },
    ]);
  });

  it('asks the server form as form elicitation and sends the answers back to the server', async () => {
    const { editor, sessionId } = await bed.open({
      forms: true,
      mcpServers: [
        { name: 'everything', command: process.execPath, args: [everything, 'stdio'], env: [] },
      ],
    });
    editor.answers.permission = () => ({
      outcome: { outcome: 'selected', optionId: 'allow-once' },
    });
    const forms: string[] = [];
    editor.answers.elicitation = (params) => {
      if (params.mode !== 'form') throw new Error(`unexpected ${params.mode} elicitation`);
      forms.push(params.message);
      const schema = params.requestedSchema as {
        properties: Record<string, Record<string, unknown>>;
        required?: string[];
      };
      const content = Object.fromEntries(
        (schema.required ?? []).map((key) => [key, fill(schema.properties[key]!, key)]),
      );
      return { action: 'accept', content } as never;
    };
    expect(await promptText(editor, sessionId, 'fill in the form')).toBe('end_turn');
    const offered = (bed.fake.requests[0]!.body.tools as Array<{ function: { name: string } }>).map(
      (tool) => tool.function.name,
    );
    expect(offered).toContain('mcp__everything__trigger-elicitation-request');
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatch(/^MCP server everything asks: /);
    const messages = bed.fake.requests[1]!.body.messages as Array<Record<string, unknown>>;
    const reply = String(messages.find((m) => m.role === 'tool')?.content);
    expect(reply).toContain('Ada Lovelace');
    await editor.close();
  });
});

/** Declining the questionnaire's form in the editor is a cancelled questionnaire (issue 21). */
describe('agent-acp: a questionnaire declined in the editor', () => {
  const bed = editorBed();
  const questions = {
    questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
  };

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: questions }] },
      { text: 'Going with my own choice.' },
    ]);
  });

  it('returns cancelled with no answers to the model, in the same turn', async () => {
    const { editor, sessionId } = await bed.open({
      forms: true,
    });
    editor.answers.elicitation = () => ({ action: 'decline' }) as never;
    expect(await promptText(editor, sessionId, 'set it up')).toBe('end_turn');
    const messages = bed.fake.requests[1]!.body.messages as Array<Record<string, unknown>>;
    const result = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_ask');
    expect(result?.content).toBe('{"answers":[],"cancelled":true}');
    await editor.close();
  });
});
