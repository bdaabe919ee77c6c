import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => require('../extension-commands') as typeof import('../extension-commands');

export const hooks: SlashCommand = {
  name: '/hooks',
  usage: '/hooks [approve]',
  description: "hooks in force and where they come from; approve the workspace's",
  takesArgument: true,
  availability: 'busy',
  run: (args, { session, app }) => load().runHooksCommand(args, session, app),
};
