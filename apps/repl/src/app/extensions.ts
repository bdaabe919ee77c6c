import { askUserExtension } from '../ask-user/ask-user-extension';
import type { ReplExtensionFactory } from './extension';

/** The extensions every REPL session loads, in order. */
export const BUILTIN_EXTENSIONS: ReplExtensionFactory[] = [askUserExtension];
