import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => require('../decisions-commands') as typeof import('../decisions-commands');

export const decisions: SlashCommand = {
  name: '/decisions',
  usage: '/decisions [list]',
  description: 'kept answers: list, edit N ANSWER, revoke N',
  takesArgument: true,
  availability: 'idle',
  run: (args, deps, signal) => load().decisions(args, deps, signal),
};
