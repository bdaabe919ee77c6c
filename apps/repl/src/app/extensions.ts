import { askUserExtension } from '../ask-user/ask-user-extension';
import { planExtension } from '../plan/plan-extension';
import type { ReplExtensionFactory } from './extension';

/** The extensions every REPL session loads, in order. */
export const BUILTIN_EXTENSIONS: ReplExtensionFactory[] = [askUserExtension, planExtension];
