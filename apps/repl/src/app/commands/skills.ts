import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => require('../extension-commands') as typeof import('../extension-commands');

export const skills: SlashCommand = {
  name: '/skills',
  usage: '/skills [approve]',
  description: "skills and where they come from (/name runs one); approve the workspace's",
  takesArgument: true,
  availability: 'idle',
  run: (args, { session, app }) => load().runSkillsCommand(args, session, app),
};
