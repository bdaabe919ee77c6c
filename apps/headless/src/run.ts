import {
  compactIfFull,
  loadAgentSettings,
  runToolLoop,
  type AssistantMessage,
  type LoopEvent,
  type Message,
  type Usage,
} from '@agent/llm';
import { defaultAgentHome, SessionWriter } from '@agent/session';
import { createAgent, type HeadlessAgent } from './agent-setup';
import type { CliOptions } from './cli-args';
import { EXIT, type ExitCode } from './exit-codes';
import { abortOnSignals } from './interrupts';
import { createOutput, type RunReport } from './output';
import { findPreviousSession } from './previous-session';
import { invocationDir, readPrompt, resolveWorkspace } from './prompt-input';
import { noteProvider } from './run-facts';
import { keepWasmOnBaselineCompiler } from './wasm-tiering';

/** The process pieces a run uses, passed in so nothing reaches for globals deep inside. */
export interface RunIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * One headless run: read the prompt, open or continue a session, run the tool loop with the
 * headless permission policy, save everything, report. Throws UsageError for bad invocations.
 */
export async function runHeadless(options: CliOptions, io: RunIO): Promise<ExitCode> {
  const output = createOutput(options.output, io);
  const baseDir = invocationDir(io.env, io.cwd);
  const workspace = await resolveWorkspace(options.cwd, baseDir);
  const agentHome = defaultAgentHome(io.env);
  const previous = await findPreviousSession(agentHome, workspace, options);
  if (options.continue && !previous) {
    output.notice('--continue: no saved session for this workspace; starting a new one');
  }
  for (const warning of previous?.warnings ?? []) {
    output.notice(`session ${previous!.id}: skipped ${warning}`);
  }
  const prompt = await readPrompt(options.prompt, baseDir, () => io.stdin);

  const agent = await createAgent({
    cli: options,
    env: io.env,
    agentHome,
    workspace,
    previous: previous?.projection,
  });
  for (const notice of agent.notices) output.notice(notice);
  noteProvider(agent.provider.id);
  if (agent.provider.id === 'genkit') keepWasmOnBaselineCompiler();

  const writer = previous
    ? await SessionWriter.open(previous.path, {
        onError: (error) => output.notice(`the session could not be saved: ${error.message}`),
      })
    : await SessionWriter.create({
        agentHome,
        cwd: workspace,
        provider: agent.provider.id,
        model: agent.provider.model,
        onError: (error) => output.notice(`the session could not be saved: ${error.message}`),
      });
  const projection = previous?.projection;
  if (
    projection &&
    (projection.provider !== agent.provider.id || projection.model !== agent.provider.model)
  ) {
    writer.recordProviderChange(agent.provider.id, agent.provider.model);
  }
  if (options.toolHistory !== undefined && options.toolHistory !== projection?.toolHistory) {
    writer.recordSettings({ toolHistory: options.toolHistory });
  }
  output.start({
    sessionId: writer.id,
    provider: agent.provider.id,
    model: agent.provider.model,
    cwd: workspace,
    resumed: previous !== undefined,
  });

  const controller = new AbortController();
  const removeHandlers = abortOnSignals(controller, EXIT.interrupted);
  let result;
  try {
    const history = await compactBeforePrompt({
      agent,
      messages: projection?.messages ?? [],
      threshold: loadAgentSettings(agentHome).autoCompact,
      writer,
      notice: (text) => output.notice(text),
      signal: controller.signal,
    });
    writer.recordUser(prompt);
    result = await runToolLoop({
      provider: agent.provider,
      registry: agent.registry,
      system: agent.system,
      history: [...history, { role: 'user', text: prompt }],
      workspaceRoot: workspace,
      signal: controller.signal,
      permissions: agent.permissions,
      maxIterations: options.maxIterations,
      toolHistory: options.toolHistory ?? projection?.toolHistory ?? 'full',
      onEvent: (event: LoopEvent) => {
        writer.recordLoopEvent(event);
        output.event(event);
      },
    });
  } finally {
    removeHandlers();
    await writer.close().catch((error: Error) => {
      output.notice(`the session could not be saved: ${error.message}`);
    });
  }

  const report: RunReport = {
    text: finalText(result.messages),
    messages: result.messages,
    reason: result.reason,
    usage: totalUsage(result.messages),
    sessionId: writer.id,
  };
  if (result.error !== undefined) report.error = result.error;
  output.finish(report);
  if (result.reason === 'done') return EXIT.done;
  if (result.reason === 'interrupted') return EXIT.interrupted;
  return EXIT.failed;
}

/**
 * Automatic compaction of a resumed conversation before the new prompt (recorded as a
 * checkpoint); the conversation unchanged when it is not needed or fails.
 */
async function compactBeforePrompt(input: {
  agent: HeadlessAgent;
  messages: Message[];
  threshold: number | false;
  writer: SessionWriter;
  notice: (text: string) => void;
  signal: AbortSignal;
}): Promise<Message[]> {
  const { agent, messages } = input;
  const result = await compactIfFull({
    provider: agent.provider,
    system: agent.system,
    tools: agent.registry.specs(),
    messages,
    threshold: input.threshold,
    signal: input.signal,
  });
  if (!result) return messages;
  if (!result.ok) {
    input.notice(`could not compact the conversation (${result.reason}); continuing as is`);
    return messages;
  }
  input.writer.recordCheckpoint(result.checkpoint);
  input.notice(`compacted ${result.summarized} earlier messages into a summary`);
  return result.messages;
}

function finalText(messages: readonly AssistantMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.text.trim() !== '') return messages[i]!.text;
  }
  return '';
}

function totalUsage(messages: readonly AssistantMessage[]): Usage {
  const total: Usage = { inputTokens: 0, outputTokens: 0 };
  let cached = 0;
  for (const message of messages) {
    total.inputTokens += message.usage?.inputTokens ?? 0;
    total.outputTokens += message.usage?.outputTokens ?? 0;
    cached += message.usage?.cachedTokens ?? 0;
  }
  if (cached > 0) total.cachedTokens = cached;
  return total;
}
