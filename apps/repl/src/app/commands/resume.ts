import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => require('../session-commands') as typeof import('../session-commands');

export const resume: SlashCommand = {
  name: '/resume',
  usage: '/resume [id]',
  description: 'resume a saved session: any unique part of its id, or pick from a list',
  takesArgument: true,
  availability: 'idle',
  run: (args, deps, signal) => load().resume(args, deps, signal),
};
