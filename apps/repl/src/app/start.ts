import { mountScreen, type ReplScreen, type TerminalStreams } from '../ui/repl-screen';
import type { Provider } from '@agent/llm';
import type { AgentCore } from './agent-core';
import type { ReplArgs } from './args';
import { CardPermissionRequester } from './permission-requester';
import { ReplApp } from './repl-app';

/** Test seams: the environment, and a provider used instead of the configured one. */
export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  provider?: Provider;
}

/** A running REPL: `exited` resolves with the exit code once everything is saved. */
export interface RunningRepl {
  app: ReplApp;
  screen: ReplScreen;
  core: AgentCore;
  quit(code?: number): Promise<void>;
  exited: Promise<number>;
}

/**
 * Starts the REPL in two steps so the prompt paints fast: first the screen (blessed and the
 * pure UI modules only), then, after that first paint, the agent (providers, tools, sessions,
 * extensions), loaded lazily. Keys typed meanwhile are kept and prompts queue until it attaches.
 * Rejects on configuration errors, after restoring the terminal.
 */
export async function startRepl(
  args: ReplArgs,
  io: TerminalStreams,
  options: StartOptions = {},
): Promise<RunningRepl> {
  const ui: { screen?: ReplScreen } = {};
  const paint = (): void => ui.screen?.paint();
  let exit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  const state: { core?: AgentCore; quitting?: Promise<void> } = {};
  const quit = (code = 0): Promise<void> => {
    state.quitting ??= (async () => {
      app.dispose();
      ui.screen?.destroy();
      await state.core?.close();
      exit(code);
    })();
    return state.quitting;
  };
  const app = new ReplApp(paint, () => void quit(0));
  app.pendingLabel = { provider: args.provider ?? 'agent', model: args.model ?? 'starting…' };
  const cards = new CardPermissionRequester(app.transcript, app.modals, paint);
  const screen = mountScreen(app, io);
  ui.screen = screen;
  screen.scheduler.flush();
  screen.paint();
  await new Promise((resolve) => setImmediate(resolve));
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { wireAgent } = require('./wire-agent') as typeof import('./wire-agent');
    state.core = await wireAgent({
      app,
      cards,
      args,
      env: options.env ?? process.env,
      provider: options.provider,
      quit,
    });
  } catch (error) {
    app.dispose();
    screen.destroy();
    throw error;
  }
  return { app, screen, core: state.core, quit, exited };
}
