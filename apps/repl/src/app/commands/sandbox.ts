import { runSandboxCommand } from '../sandbox-command';
import type { SlashCommand } from './slash-command';

export const sandbox: SlashCommand = {
  name: '/sandbox',
  usage: '/sandbox [auto|on|off]',
  description: 'where commands run (bubblewrap); change it for this session',
  takesArgument: true,
  availability: 'busy',
  run: (args, { session, app }, signal) => runSandboxCommand(args, session, app, signal),
};
