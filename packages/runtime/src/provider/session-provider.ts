import {
  abortable,
  createProvider,
  missingCredentials,
  withContextWindow,
  type Provider,
  type ResolvedProvider,
} from '@agent/llm';
import { configuredContextWindow, loadConfigFile, type ProviderId } from '@agent/llm/config';
import type { SessionProjection } from '@agent/session';
import { providerWithModel, resolveProvider, type ProviderChoice } from './choose-provider';
import { WindowProbes } from './window-probes';

/**
 * The provider of one session: chosen by the one rule (flags, environment, the resumed session,
 * config, credentials, demo), switched again on resume unless the caller injected one, and by a
 * model change. Also says why it is the one, and what its credentials lack.
 */
export class SessionProvider {
  current: Provider;
  /** Why this provider was chosen (one line), or why the model changed last. */
  reason: string;
  private resolved: ResolvedProvider | undefined;
  private readonly probes: WindowProbes;
  /** The server's answer about the current provider's window, while one is awaited. */
  private probing: Promise<void> | undefined;

  constructor(
    private readonly choice: ProviderChoice,
    private readonly injected: Provider | undefined,
    resolved: ResolvedProvider | undefined,
  ) {
    this.resolved = resolved;
    this.probes = new WindowProbes(choice.env);
    const flagWindow = choice.flags.contextWindow;
    this.current = injected
      ? flagWindow === undefined
        ? injected
        : withContextWindow(injected, flagWindow)
      : this.create(resolved!);
    this.reason = resolved?.reason ?? 'provider given by the caller';
  }

  /** Chooses for a session being created (none when the caller gives its own provider). */
  static choose(
    choice: ProviderChoice,
    injected: Provider | undefined,
    resume: SessionProjection | undefined,
  ): SessionProvider {
    return new SessionProvider(
      choice,
      injected,
      injected ? undefined : resolveProvider(choice, resume),
    );
  }

  /**
   * Why the current provider's requests would fail for want of credentials; undefined when fine
   * or injected.
   */
  credentialProblem(): string | undefined {
    if (!this.resolved) return undefined;
    return missingCredentials(this.resolved.id, this.resolved.options, this.choice.env);
  }

  /**
   * Waits (abortably, each probe bounded) for the server's answer about the window of the current
   * provider, when one was asked: before a prompt, so pruning and compaction use it.
   */
  async ready(signal: AbortSignal): Promise<void> {
    const probing = this.probing;
    if (probing) await abortable(probing, signal);
  }

  /** A provider of the current family with another model (the `task` tool's profiles). */
  forModel(model: string): Provider {
    const provider = providerWithModel(this.current, this.resolved, model, this.choice.env);
    if (!this.resolved) return provider;
    const window = this.configuredWindow(this.resolved.id, model);
    return window === undefined ? provider : withContextWindow(provider, window);
  }

  /** Switches the model of the current provider. */
  setModel(model: string): void {
    if (this.resolved) {
      const { contextWindow: _previous, ...rest } = this.resolved;
      const resolved: ResolvedProvider = { ...rest, options: { ...rest.options, model } };
      const window = this.configuredWindow(resolved.id, model);
      if (window !== undefined) resolved.contextWindow = window;
      this.resolved = resolved;
      this.current = this.create(resolved);
    } else this.current = this.forModel(model);
    this.reason = `model changed to ${model}`;
  }

  /** The window the flag or config.json sets for `model` (config.json read again: it may have changed). */
  private configuredWindow(id: string, model: string): number | undefined {
    const flag = this.choice.flags.contextWindow;
    const file = flag === undefined ? loadConfigFile(this.choice.agentHome) : undefined;
    return configuredContextWindow(file, id as ProviderId, model, flag);
  }

  /**
   * The adapter reads its credentials from the choice's env; they travel only into the adapter,
   * never into `resolved` (which is shown and saved as provider and model).
   */
  private create(resolved: ResolvedProvider): Provider {
    const provider = createProvider(resolved.id, { ...resolved.options, env: this.choice.env });
    this.probing = undefined;
    if (resolved.contextWindow !== undefined) {
      return withContextWindow(provider, resolved.contextWindow);
    }
    const probe = this.probes.ask(resolved);
    if (probe) {
      this.probing = probe.then((window) => {
        if (window !== undefined && this.current === provider) {
          this.current = withContextWindow(provider, window);
        }
      });
    }
    return provider;
  }

  /** The one rule again for a resumed session (its provider and model unless the person chose). */
  resume(projection: SessionProjection): void {
    if (this.injected) return;
    const resolved = resolveProvider(this.choice, projection);
    if (resolved.id !== this.current.id || resolved.options.model !== this.current.model) {
      this.current = this.create(resolved);
    }
    this.resolved = resolved;
    this.reason = resolved.reason;
  }
}
