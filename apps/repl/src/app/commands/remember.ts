import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => require('../decisions-commands') as typeof import('../decisions-commands');

export const remember: SlashCommand = {
  name: '/remember',
  usage: '/remember [all]',
  description: 'keep answers of the last questionnaire',
  takesArgument: true,
  availability: 'idle',
  run: (args, deps, signal) => load().remember(args, deps, signal),
};
