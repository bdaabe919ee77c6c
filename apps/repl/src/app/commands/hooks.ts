import { runHooksCommand } from '../extension-commands';
import type { SlashCommand } from './slash-command';

export const hooks: SlashCommand = {
  name: '/hooks',
  usage: '/hooks [approve]',
  description: "hooks in force and where they come from; approve the workspace's",
  takesArgument: true,
  availability: 'busy',
  run: (args, { session, app }) => runHooksCommand(args, session, app),
};
