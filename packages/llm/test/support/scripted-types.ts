import type { ScriptedProvider, ScriptEvent, ScriptRequest } from '@agent/testkit';
import type { Provider, ProviderRequest, StreamEvent } from '../../src';

// @agent/testkit cannot import @agent/llm (llm's tests depend on the kit), so its scripted
// provider mirrors the neutral stream types. These compile-time checks fail `pnpm typecheck`
// as soon as the mirror and the real types differ.
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const EVENTS_MATCH: Same<ScriptEvent, StreamEvent> = true;
export const REQUESTS_FIT: ProviderRequest extends ScriptRequest ? true : false = true;
export const IS_A_PROVIDER: ScriptedProvider<ProviderRequest> extends Provider ? true : false =
  true;
