import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  allowAll,
  ToolError,
  type Escalation,
  type Tool,
  type ToolContext,
  type ToolResult,
  validateToolInput,
} from '@agent/tool-contract';

/** A real temporary directory holding a workspace, plus a sibling directory outside it. */
export interface Fixture {
  root: string;
  outside: string;
  ctx(signal?: AbortSignal): ToolContext;
  write(relative: string, content: string | Buffer): Promise<void>;
  read(relative: string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function makeWorkspace(files: Record<string, string | Buffer> = {}): Promise<Fixture> {
  const top = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'agent-tools-')));
  const root = path.join(top, 'workspace');
  const outside = path.join(top, 'outside');
  await fs.mkdir(root);
  await fs.mkdir(outside);
  const fixture: Fixture = {
    root,
    outside,
    ctx: (signal = new AbortController().signal) => ({
      signal,
      workspaceRoot: root,
      toolCallId: 'call-1',
      person: allowAll,
    }),
    async write(relative, content) {
      const target = path.join(root, relative);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, content);
    },
    read: (relative) => fs.readFile(path.join(root, relative), 'utf8'),
    cleanup: () => fs.rm(top, { recursive: true, force: true }),
  };
  for (const [relative, content] of Object.entries(files)) await fixture.write(relative, content);
  return fixture;
}

/**
 * Runs a tool the way the loop does: validate the input against the schema, execute, and turn a
 * thrown ToolError into an error result.
 */
export async function runTool(tool: Tool, input: unknown, ctx: ToolContext): Promise<ToolResult> {
  const validated = validateToolInput(tool, input);
  if (!validated.ok) return { output: validated.error, isError: true };
  try {
    return await tool.execute(validated.input, ctx);
  } catch (error) {
    if (error instanceof ToolError) return { output: error.message, isError: true };
    throw error;
  }
}

/**
 * Runs an edit tool as the loop does when the call is approved: validate, escalate, preview (the
 * permission card), execute. Returns the preview and the escalation beside the result.
 */
export async function runApproved(
  tool: Tool,
  input: unknown,
  ctx: ToolContext,
): Promise<{ result: ToolResult; preview?: string; escalation?: Escalation }> {
  const validated = validateToolInput(tool, input);
  if (!validated.ok) return { result: { output: validated.error, isError: true } };
  const escalation = await tool.escalate?.(validated.input, ctx);
  const preview = await tool.preview?.(validated.input, ctx);
  try {
    return { result: await tool.execute(validated.input, ctx), preview, escalation };
  } catch (error) {
    if (error instanceof ToolError) return { result: { output: error.message, isError: true } };
    throw error;
  }
}
