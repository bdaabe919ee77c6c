import { runSkillsCommand } from '../extension-commands';
import type { SlashCommand } from './slash-command';

export const skills: SlashCommand = {
  name: '/skills',
  usage: '/skills [approve]',
  description: "skills and where they come from (/name runs one); approve the workspace's",
  takesArgument: true,
  availability: 'idle',
  run: (args, { session, app }) => runSkillsCommand(args, session, app),
};
