import { mountScreen, type ReplScreen, type TerminalStreams } from '../ui/repl-screen';
import { captureStrayOutput } from '../ui/stray-output';
import type { Provider } from '@agent/llm';
import type { AgentSession } from '@agent/runtime';
import { invocationDir } from '@agent/runtime/flags';
import type { ReplArgs } from './args';
import { warmUpWidths } from '../text/width';
import { exitReport, thisLauncher } from './exit-report';
import type { PromptHistory } from './prompt-history';
import { ReplApp } from './repl-app';

/** Test seams: the environment, and a provider used instead of the configured one. */
export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  provider?: Provider;
  /**
   * Show console output, process warnings and stray stderr writes as transcript notices while
   * the screen is up (default: when drawing on this process's stdout).
   */
  captureOutput?: boolean;
}

/** A running REPL: `exited` resolves with the exit code once everything is saved. */
export interface RunningRepl {
  app: ReplApp;
  screen: ReplScreen;
  core: AgentSession;
  /**
   * Closes the session and the screen, prints the exit report, exits with `code`. `goingAway`:
   * the process is being ended (SIGHUP, SIGTERM), so an open questionnaire is left for resume.
   */
  quit(code?: number, goingAway?: boolean): Promise<void>;
  exited: Promise<number>;
}

/**
 * Starts the REPL in two steps so the prompt paints fast: first the screen (blessed and the
 * pure UI modules only), then, after that first paint, the agent (providers, tools, sessions,
 * extensions), loaded lazily. Keys typed meanwhile are kept and prompts queue until it attaches.
 * Rejects on configuration errors: before painting anything when flags (a `--resume` id that
 * names no single session, say), environment or config.json are wrong, else after restoring the
 * terminal. Ctrl+C while loading quits (130).
 */
export async function startRepl(
  givenArgs: ReplArgs,
  io: TerminalStreams,
  options: StartOptions = {},
): Promise<RunningRepl> {
  const env = options.env ?? process.env;
  const { checkResume, loadStartConfig } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('./start-config') as typeof import('./start-config');
  const config = loadStartConfig(givenArgs, env, options.provider !== undefined);
  const args = await checkResume(givenArgs, config.agentHome);
  const ui: { screen?: ReplScreen } = {};
  const paint = (): void => ui.screen?.paint();
  let exit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  const state: { core?: AgentSession; quitting?: Promise<void> } = {};
  let restoreOutput = (): void => undefined;
  const quit = (code = 0, goingAway = false): Promise<void> => {
    state.quitting ??= (async () => {
      const stopped = app.dispose();
      ui.screen?.destroy();
      restoreOutput();
      const sessionId = state.core?.sessionId;
      await state.core?.close({ leaveQuestionsOpen: goingAway });
      await loaded.history?.flush();
      await stopped;
      // The screen was the alternate one: leave the conversation and how to resume it behind.
      if (state.core) {
        io.output.write(
          exitReport({
            transcript: app.transcript,
            width: Math.max(20, io.output.columns ?? 80),
            color: io.output.isTTY === true,
            sessionId: sessionId ?? state.core.sessionId,
            saveProblem: state.core.saveProblem,
            workspace: args.cwd,
            runFrom: invocationDir(env, process.cwd()),
            launcher: thisLauncher(env),
          }),
        );
      }
      exit(code);
    })();
    return state.quitting;
  };
  const app = new ReplApp(paint, (code) => void quit(code));
  const loaded: { history?: PromptHistory } = {};
  app.pendingLabel = { provider: args.provider ?? 'agent', model: args.model ?? 'starting…' };
  const screen = mountScreen(app, io);
  ui.screen = screen;
  if (options.captureOutput ?? io.output === process.stdout) {
    restoreOutput = captureStrayOutput((text) => app.printed(text));
  }
  // The first frame is painted now, before the agent loads: a requested frame waits for a timer,
  // which the loading (synchronous, after the setImmediate below) would hold back.
  screen.paint();
  screen.scheduler.flush();
  await new Promise((resolve) => setImmediate(resolve));
  // After the first paint: what only later keys need.
  warmUpWidths();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PromptHistory } = require('./prompt-history') as typeof import('./prompt-history');
  const history = new PromptHistory(config.agentHome, args.cwd, (error) =>
    app.error(`Prompt history: ${error.message}`),
  );
  loaded.history = history;
  app.router.input.onRemember = (text) => history.add(text);
  app.router.input.seedHistory(await history.load());
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { wireAgent } = require('./wire-agent') as typeof import('./wire-agent');
    state.core = await wireAgent({
      app,
      args,
      config,
      provider: options.provider,
      quit,
    });
  } catch (error) {
    void app.dispose();
    screen.destroy();
    restoreOutput();
    throw error;
  }
  if (state.quitting) await state.core.close();
  return { app, screen, core: state.core, quit, exited };
}
