import { ToolRegistry, allowAll, type Tool } from '@agent/tools';
import {
  runToolLoop,
  type LoopEvent,
  type LoopOptions,
  type LoopResult,
  type Message,
  type ProviderRequest,
} from '../../src';
import { ScriptedProvider, type ScriptStep } from '../../src/testing';

export interface Harness {
  provider: ScriptedProvider<ProviderRequest>;
  events: LoopEvent[];
  result: Promise<LoopResult>;
  controller: AbortController;
}

/** Starts a loop over `steps` with `tools`; options override the defaults. */
export function startLoop(
  steps: ScriptStep<ProviderRequest>[],
  tools: Tool[],
  overrides: Partial<LoopOptions> = {},
  history: Message[] = [{ role: 'user', text: 'please help' }],
): Harness {
  const provider = new ScriptedProvider<ProviderRequest>(steps);
  const events: LoopEvent[] = [];
  const controller = new AbortController();
  const result = runToolLoop({
    provider,
    registry: new ToolRegistry(tools),
    system: 'You are a test agent.',
    history,
    workspaceRoot: '/tmp',
    signal: controller.signal,
    person: allowAll,
    onEvent: (event) => events.push(event),
    ...overrides,
  });
  return { provider, events, result, controller };
}

/** The tool results a request carries, as (id, status, output) in order. */
export function resultsIn(
  messages: Message[],
): Array<{ id: string; status: string; output?: string }> {
  return messages.flatMap((m) =>
    m.role === 'assistant'
      ? m.toolCalls.map((c) => ({
          id: c.id,
          status: c.status,
          output: c.output ?? c.retainedOutput,
        }))
      : [],
  );
}
