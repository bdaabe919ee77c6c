import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => require('../sandbox-command') as typeof import('../sandbox-command');

export const sandbox: SlashCommand = {
  name: '/sandbox',
  usage: '/sandbox [auto|on|off]',
  description: 'where commands run (bubblewrap); change it for this session',
  takesArgument: true,
  availability: 'busy',
  run: (args, { session, app }, signal) => load().runSandboxCommand(args, session, app, signal),
};
