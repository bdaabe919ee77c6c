import {
  createProvider,
  missingCredentials,
  type Provider,
  type ResolvedProvider,
} from '@agent/llm';
import type { SessionProjection } from '@agent/session';
import { providerWithModel, resolveProvider, type ProviderChoice } from './choose-provider';

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

  constructor(
    private readonly choice: ProviderChoice,
    private readonly injected: Provider | undefined,
    resolved: ResolvedProvider | undefined,
  ) {
    this.resolved = resolved;
    this.current = injected ?? this.create(resolved!);
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

  /** A provider of the current family with another model (the `task` tool's profiles). */
  forModel(model: string): Provider {
    return providerWithModel(this.current, this.resolved, model, this.choice.env);
  }

  /** Switches the model of the current provider. */
  setModel(model: string): void {
    this.current = this.forModel(model);
    if (this.resolved) {
      this.resolved = { ...this.resolved, options: { ...this.resolved.options, model } };
    }
    this.reason = `model changed to ${model}`;
  }

  /**
   * The adapter reads its credentials from the choice's env; they travel only into the adapter,
   * never into `resolved` (which is shown and saved as provider and model).
   */
  private create(resolved: ResolvedProvider): Provider {
    return createProvider(resolved.id, { ...resolved.options, env: this.choice.env });
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
