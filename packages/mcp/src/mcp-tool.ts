import { ToolError, type Tool, type ToolResult } from '@agent/tools';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { z } from 'zod/v4';
import { normalizeSchemaForProviders } from './provider-schema';
import { sdkAjv } from './sdk';
import type { McpToolInfo, ServerConnection } from './server-connection';
import { agentToolNames } from './tool-names';
import { toToolResult } from './tool-result';

/** Longest description advertised for one server tool. */
const MAX_DESCRIPTION_CHARS = 2000;

/** An agent tool that calls a tool of an MCP server. */
export interface McpAgentTool extends Tool<Record<string, unknown>> {
  mcp: {
    server: string;
    /** The tool's name on the server. */
    tool: string;
    /** The server's hint that the tool changes nothing. A hint only: the tool still asks. */
    readOnlyHint: boolean;
  };
}

let validators: AjvJsonSchemaValidator | undefined;

/** Agent tools by the server's tool list they were made from: made once per listing. */
const made = new WeakMap<McpToolInfo[], McpAgentTool[]>();

/**
 * The agent tools of one server (see `offeredTools`), named `mcp__<server>__<tool>`. Every tool has the
 * permission class `exec`: MCP annotations such as `readOnlyHint` are hints the server gives
 * about itself, which the specification says not to rely on for decisions, and a wrong hint
 * would run a program's action without asking. Input is validated against the server's own
 * schema; providers get a portable copy of it.
 */
export function toolsOf(connection: ServerConnection): McpAgentTool[] {
  const infos = connection.offeredTools;
  const cached = made.get(infos);
  if (cached) return [...cached];
  const names = agentToolNames(
    connection.name,
    infos.map((info) => info.name),
  );
  const tools = infos.map((info, index) => createMcpTool(connection, info, names[index]!));
  made.set(infos, tools);
  return [...tools];
}

function createMcpTool(
  connection: ServerConnection,
  info: McpToolInfo,
  name: string,
): McpAgentTool {
  const server = connection.name;
  const label = `${server}/${info.name}`;
  return {
    name,
    description: describeTool(server, info),
    inputSchema: inputSchemaFor(info.inputSchema),
    permission: 'exec',
    mcp: { server, tool: info.name, readOnlyHint: info.annotations?.readOnlyHint === true },
    describe: (input) => `${label} ${oneLine(JSON.stringify(input ?? {}), 100)}`,
    async execute(input, ctx): Promise<ToolResult> {
      let result;
      try {
        result = await connection.callTool(info.name, input ?? {}, ctx.signal, (progress, total) =>
          ctx.onUpdate?.({
            text: total ? `${label}: ${progress}/${total}` : `${label}: ${progress}`,
          }),
        );
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        throw new ToolError(
          `${label} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      // A server may echo its configuration (server-everything's get-env does): the values
      // expanded from the environment must not reach the model or the session.
      const converted = toToolResult(result, label);
      return { ...converted, output: connection.redact(converted.output) };
    },
  };
}

function describeTool(server: string, info: McpToolInfo): string {
  const text = (info.description ?? info.title ?? '').trim() || `The "${info.name}" tool.`;
  const clipped =
    text.length > MAX_DESCRIPTION_CHARS ? `${text.slice(0, MAX_DESCRIPTION_CHARS)}…` : text;
  return `${clipped}\n(Tool "${info.name}" of the MCP server "${server}".)`;
}

/**
 * A zod schema that checks the input with the server's JSON Schema (compiled on first use). A
 * schema that cannot be compiled accepts any object: the server still checks its input. What
 * providers are shown is the portable copy of the server's schema, carried as the zod schema's
 * metadata: `z.toJSONSchema` (through `toolSpec`) renders a custom schema as `{}` plus its
 * metadata, that is exactly the portable copy.
 */
function inputSchemaFor(schema: unknown): z.ZodType<Record<string, unknown>> {
  let check: ((input: unknown) => { valid: boolean; errorMessage?: string }) | undefined;
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const checked = z
    .custom<Record<string, unknown>>(isObject, { error: 'expected an object of arguments' })
    .superRefine((value, ctx) => {
      if (!check) {
        try {
          const copy = { ...(schema as Record<string, unknown>) };
          delete copy.$schema;
          validators ??= new (sdkAjv().AjvJsonSchemaValidator)();
          check = validators.getValidator(copy);
        } catch {
          check = () => ({ valid: true });
        }
      }
      const outcome = check(value);
      if (!outcome.valid) {
        ctx.addIssue({
          code: 'custom',
          message: (outcome.errorMessage ?? 'invalid input').replace(/\bdata\b/g, 'input'),
        });
      }
    });
  return checked.meta(normalizeSchemaForProviders(schema));
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
