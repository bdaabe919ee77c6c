import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => require('../session-commands') as typeof import('../session-commands');

export const sessions: SlashCommand = {
  name: '/sessions',
  usage: '/sessions',
  description: 'list saved sessions of this directory',
  availability: 'busy',
  run: (_args, deps) => load().listHere(deps),
};
