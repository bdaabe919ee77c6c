import { createAskUserTool, DEFAULT_MAX_ASK_USER } from '@agent/askuser';
import { agentHome as defaultAgentHome, ConfigError, loadAgentSettings } from '@agent/llm/config';
import { Conversation } from '@agent/runtime';
import { interactiveChoice } from '../app/interactive-choice';
import { FlagError, inFlagTerms, invocationDir } from '@agent/runtime/flags';
import { resumeCommand, thisLauncher } from '../app/exit-report';
import { isLoopback, startWebServer } from '@agent/web';
import { CardNotifier } from '../person/card-notifier';
import type { ServeArgs } from './serve-args';

/** The process pieces `agent serve` uses. */
export interface ServeIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  /**
   * Resolves with the exit code once the person stops the server (SIGINT 130, SIGTERM 143);
   * `goingAway`: the process is being ended, so an open questionnaire is left for resume.
   */
  stopped: Promise<{ code: number; goingAway: boolean }>;
}

/** `agent serve` cannot start as asked: exit 2 with the message. */
export class ServeUsageError extends Error {
  override name = 'ServeUsageError';
}

/**
 * `agent serve`: a conversation for the workspace with the web page as its only viewer, served
 * on `args.host:args.port`. The first stdout line is the page's URL with its token; everything
 * else goes to stderr. Runs until `io.stopped`, then closes the server and the conversation
 * (the session saved) and resolves with the exit code. Throws ServeUsageError for a
 * configuration that cannot run.
 */
export async function runServe(args: ServeArgs, io: ServeIO): Promise<number> {
  const agentHome = defaultAgentHome(io.env);
  const say = (line: string): void => void io.stderr.write(`agent serve: ${line}\n`);
  const budget = args.maxAskUser ?? DEFAULT_MAX_ASK_USER;
  let conversation: Conversation;
  try {
    conversation = await Conversation.open({
      agentHome,
      workspaceRoot: args.cwd,
      choice: interactiveChoice(args, io.env, agentHome),
      rules: { allow: args.allow, deny: args.deny },
      extraTools: budget > 0 ? [createAskUserTool()] : [],
      maxInteractive: budget,
      ...(args.mode ? { mode: args.mode } : {}),
      toolHistory: args.toolHistory,
      sandbox: args.sandbox,
      // As headless without --trust-mcp: nobody at a terminal can trust a workspace's servers.
      mcp: { trustWorkspace: false, env: io.env },
    });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof FlagError) {
      throw new ServeUsageError(inFlagTerms(error.message));
    }
    throw error;
  }
  const stopping = new AbortController();
  try {
    const web = await startWebServer({
      conversation,
      host: args.host,
      port: args.port,
      allowHosts: args.allowHosts,
      signal: stopping.signal,
    }).catch((error: unknown) => {
      throw new Error(`cannot serve on ${args.host}:${args.port}: ${messageOf(error)}`);
    });
    io.stdout.write(`${web.url}\n`);
    if (!isLoopback(args.host)) {
      say(
        `warning: listening on ${args.host}, not this machine's loopback: anyone who can reach ` +
          `it on port ${new URL(web.url).port} and has the token can run commands as you. ` +
          'Prefer 127.0.0.1 with an SSH tunnel or Tailscale (see the README).',
      );
    }
    const session = conversation.session;
    say(
      `workspace ${args.cwd}; provider ${session.provider.id} (${session.provider.model}), ${inFlagTerms(session.providerReason)}`,
    );
    const problem = session.credentialProblem();
    if (problem) say(inFlagTerms(problem));
    notifyWaitingCards(conversation, agentHome, args.cwd, web.cardUrl, say, stopping.signal);
    conversation.start();
    const { code, goingAway } = await io.stopped;
    stopping.abort();
    await web.close();
    const id = session.sessionId;
    await conversation.close({ leaveQuestionsOpen: goingAway });
    if (id !== undefined) {
      const runFrom = invocationDir(io.env, process.cwd());
      const command = resumeCommand(id, args.cwd, runFrom, thisLauncher(io.env));
      say(`session ${id} saved; resume it with: ${command}`);
    }
    return code;
  } catch (error) {
    stopping.abort();
    await conversation.close();
    throw error;
  }
}

/**
 * The person's `notify.command` for cards that wait on the page (as the REPL's notifier, with no
 * terminal to ring), given the link that opens the card.
 */
function notifyWaitingCards(
  conversation: Conversation,
  agentHome: string,
  workspace: string,
  cardUrl: (id: string) => string,
  report: (line: string) => void,
  signal: AbortSignal,
): void {
  const notifier = new CardNotifier({
    settings: loadAgentSettings(agentHome).notify,
    inTmux: false,
    cardUrl,
    where: () => {
      const session = conversation.session.sessionId;
      return { ...(session !== undefined ? { session } : {}), workspace };
    },
    report,
  });
  const unsubscribe = conversation.subscribe((event) => notifier.hear(event));
  signal.addEventListener(
    'abort',
    () => {
      unsubscribe();
      notifier.stop();
    },
    { once: true },
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
