import { ConfigError, type AssistantMessage, type ImagePart, type Usage } from '@agent/llm';
import {
  Conversation,
  type AgentSession,
  findSession,
  FlagError,
  invocationDir,
  registryTitles,
  resolveWorkspace,
  SessionNotFound,
  sessionFileUsage,
  TRANSCRIPT_CARDS,
  type RuntimeEvent,
  usageReport,
  type SavedSession,
  type TurnResult,
  WITHHOLD_SETTING,
  withheldSettingsFile,
} from '@agent/runtime';
import { inFlagTerms } from '@agent/runtime/flags';
import { transcriptOf } from '@agent/session';
import { agentHome as defaultAgentHome } from '@agent/llm/config';
import type { CliOptions } from './cli-args';
import { EXIT, UsageError, type ExitCode } from './exit-codes';
import { abortOnSignals } from './interrupts';
import { createOutput, type RunOutput, type RunReport } from './output';
import { headlessGuidance, headlessPerson } from './permission-policy';
import { readImages, readPrompt } from './prompt-input';

/** The process pieces a run uses, passed in so nothing reaches for globals deep inside. */
export interface RunIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Aborts when standard output can no longer be written (its reader went away): the run stops. */
  stdoutClosed?: AbortSignal;
}

/**
 * One headless run: read the prompt, open or continue a session through the runtime, run one
 * turn with the headless permission policy, save everything, report. Throws UsageError for bad
 * invocations.
 */
export async function runHeadless(options: CliOptions, io: RunIO): Promise<ExitCode> {
  const output = createOutput(options.output, io);
  const baseDir = invocationDir(io.env, io.cwd);
  const workspace = await usage(() => resolveWorkspace(options.cwd, baseDir));
  const agentHome = defaultAgentHome(io.env);
  const previous = await previousSession(agentHome, workspace, options);
  if (options.continue && !previous) {
    output.notice('--continue: no saved session for this workspace; starting a new one');
  }
  for (const warning of previous?.warnings ?? []) {
    output.notice(`session ${previous!.id}: skipped line ${warning.line}: ${warning.reason}`);
  }
  const prompt = await readPrompt(options.prompt, baseDir, () => io.stdin);
  const images = await readImages(options.images, baseDir);
  // A plan mode run ends once its plan is printed: that is its success.
  let planPrinted = false;
  // Without --mode, a resumed session keeps its mode: the note says how to leave it.
  const modeKept = previous !== undefined && options.mode === undefined;

  const conversation = await usage(() =>
    Conversation.open({
      agentHome,
      workspaceRoot: workspace,
      choice: {
        flags: {
          provider: options.provider,
          model: options.model,
          baseUrl: options.baseUrl,
          ...(options.contextWindow !== undefined ? { contextWindow: options.contextWindow } : {}),
        },
        env: io.env,
        agentHome,
        fallback: 'demo',
      },
      unattended: headlessPerson({
        yes: options.yes,
        printPlan: (plan) => {
          planPrinted = true;
          output.plan(plan);
        },
      }),
      ...(options.mode ? { mode: options.mode } : {}),
      rules: { allow: options.allow, deny: options.deny },
      promptSections: [headlessGuidance(options.yes)],
      toolHistory: options.toolHistory,
      maxIterations: options.maxIterations,
      // Nobody can approve leaving the sandbox here; --sandbox off runs commands without it.
      sandbox: options.sandbox,
      mayLeaveSandbox: false,
      resume: previous,
      // The headless channel answers no forms: a server's question is declined at once.
      // One prompt: a server whose tools are remembered connects only if one of them is called.
      mcp: { trustWorkspace: options.trustMcp, env: io.env, handshake: 'when-used' },
      onEvent: (event) => {
        if (event.type === 'runtime') render(output, event.event, agentHome, modeKept);
        // The prompt's turn starts once the conversation waited for the MCP servers.
        if (event.type === 'turn_started' && event.prompt !== undefined) reportServers();
      },
    }),
  );
  const session = conversation.session;
  let serversReported = false;
  function reportServers(): void {
    if (serversReported) return;
    serversReported = true;
    reportMcp(session, output);
  }
  // From here on the session owns MCP server processes: every path out closes it.
  const stopped = new AbortController();
  let removeHandlers = (): void => undefined;
  let result;
  let savedFile: string | undefined;
  let sessionId: string;
  try {
    // Installed before the start line is printed: a signal from then on ends the run with 130.
    const stop = (): void => {
      if (stopped.signal.aborted) return;
      stopped.abort();
      void conversation.submit({ type: 'interrupt' });
    };
    const removeSignalHandlers = abortOnSignals(stop, EXIT.interrupted);
    if (io.stdoutClosed?.aborted) stop();
    io.stdoutClosed?.addEventListener('abort', stop);
    removeHandlers = () => {
      removeSignalHandlers();
      io.stdoutClosed?.removeEventListener('abort', stop);
    };
    const problem = session.credentialProblem();
    if (problem) throw new UsageError(inFlagTerms(problem));
    output.notice(
      `provider: ${session.provider.id} (${session.provider.model}); ${inFlagTerms(session.providerReason)}`,
    );
    sessionId = await session.openSessionFile();
    output.start({
      sessionId,
      provider: session.provider.id,
      model: session.provider.model,
      cwd: workspace,
      resumed: previous !== undefined,
    });
    if (previous) {
      const display = { cards: TRANSCRIPT_CARDS, titleOf: registryTitles(session.registry) };
      const offeredAgain = session.openCalls;
      const omittedPrompts = previous.omittedPrompts ?? 0;
      output.history(transcriptOf(previous.events, { ...display, offeredAgain, omittedPrompts }));
    }
    // The conversation waits for the MCP servers before the prompt's first request (an
    // interrupt stops the wait); what they reported is said once it has.
    result = stopped.signal.aborted
      ? { reason: 'interrupted' as const, messages: [] }
      : await runPrompt(conversation, prompt, images);
    reportServers();
  } finally {
    removeHandlers();
    savedFile = session.sessionFile;
    await conversation.close();
  }
  const sessionUsage = await sessionFileUsage(savedFile, agentHome).catch(() => usageReport([]));

  const report: RunReport = {
    text: finalText(result.messages),
    messages: result.messages,
    reason: result.reason,
    usage: { ...totalUsage(result.messages), ...sessionUsage },
    sessionId,
    saved: session.saveProblem === undefined,
  };
  if (result.error !== undefined) report.error = inFlagTerms(result.error);
  output.finish(report);
  if (result.reason === 'done') return EXIT.done;
  if (result.reason === 'stopped' && planPrinted) return EXIT.done;
  if (result.reason === 'interrupted') return EXIT.interrupted;
  return EXIT.failed;
}

/** The run's one prompt (its text as given: a headless prompt attaches no `@` files), to its end. */
async function runPrompt(
  conversation: Conversation,
  text: string,
  images: ImagePart[],
): Promise<TurnResult> {
  const accepted = await conversation.submit({ type: 'prompt', text, images, attach: false });
  if (!accepted.ok && accepted.reason === 'interrupted')
    return { reason: 'interrupted', messages: [] };
  if (!accepted.ok) return { reason: 'error', messages: [], error: accepted.reason };
  return conversation.turn!;
}

function render(
  output: RunOutput,
  event: RuntimeEvent,
  agentHome: string,
  modeKept: boolean,
): void {
  if (event.type === 'notice') return output.notice(event.text);
  if (event.type === 'save_error') {
    return output.notice(event.error.message);
  }
  if (event.type === 'mcp_servers') return;
  if (event.type === 'tools_left_out') {
    return output.notice(
      `${event.text} List the MCP servers whose tools not to offer under ${WITHHOLD_SETTING} in ${withheldSettingsFile(agentHome)}.`,
    );
  }
  if (event.type === 'mode') {
    const kept =
      modeKept && event.mode !== 'default'
        ? ' (from the resumed session; --mode default leaves it)'
        : '';
    return output.notice(`mode: ${event.mode}${kept}`);
  }
  if (event.type === 'elicitation') {
    const note = event.record.note ? ` (${event.record.note})` : '';
    return output.notice(
      `MCP server ${event.record.server} asked a question: ${event.record.action}${note}`,
    );
  }
  output.event(event);
}

/**
 * Reports the MCP servers that failed, configuration problems, and a workspace `.mcp.json` left
 * unstarted for want of `--trust-mcp` (once the conversation waited for them).
 */
function reportMcp(session: AgentSession, output: RunOutput): void {
  const mcp = session.mcp;
  if (!mcp) return;
  for (const problem of mcp.configErrors()) output.notice(`MCP configuration: ${problem}`);
  const servers = mcp.servers();
  for (const server of servers) {
    if (server.state === 'failed') {
      output.notice(
        `MCP server ${server.name} failed to start: ${server.error ?? 'unknown error'}`,
      );
    }
  }
  const untrusted = servers.filter((server) => server.state === 'disabled-untrusted');
  if (untrusted.length > 0) {
    output.notice(
      `the workspace's .mcp.json servers were not started (${untrusted.map((s) => s.name).join(', ')}): ` +
        'run with --trust-mcp to start them (--yes does not trust servers)' +
        untrusted
          .filter((s) => s.variables.length > 0)
          .map((s) => `; ${s.name} would expand ${s.variables.join(', ')}`)
          .join(''),
    );
  }
}

async function previousSession(
  agentHome: string,
  workspace: string,
  options: CliOptions,
): Promise<SavedSession | undefined> {
  try {
    // Headless recalls no earlier prompts and offers no /undo: the session's facts suffice.
    return await findSession(agentHome, workspace, { ...options, recall: false });
  } catch (error) {
    if (error instanceof SessionNotFound) throw new UsageError(`--resume: ${error.message}`);
    throw error;
  }
}

/** Runs `step`, turning configuration and flag mistakes into usage errors (exit 2). */
async function usage<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof FlagError) {
      throw new UsageError(inFlagTerms(error.message));
    }
    throw error;
  }
}

function finalText(messages: readonly AssistantMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.text.trim() !== '') return messages[i]!.text;
  }
  return '';
}

function totalUsage(messages: readonly AssistantMessage[]): Usage {
  // cachedTokens is always there, 0 included, as in `models` and `total`: a script reads one shape.
  const total = { inputTokens: 0, outputTokens: 0, cachedTokens: 0 };
  for (const message of messages) {
    total.inputTokens += message.usage?.inputTokens ?? 0;
    total.outputTokens += message.usage?.outputTokens ?? 0;
    total.cachedTokens += message.usage?.cachedTokens ?? 0;
  }
  return total;
}
