import { decisions as keptDecisions } from '../decisions-commands';
import type { SlashCommand } from './slash-command';

export const decisions: SlashCommand = {
  name: '/decisions',
  usage: '/decisions [list]',
  description: 'kept answers: list, edit N ANSWER, revoke N',
  takesArgument: true,
  availability: 'idle',
  run: (args, deps, signal) => keptDecisions(args, deps, signal),
};
