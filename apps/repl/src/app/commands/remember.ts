import { remember as rememberAnswers } from '../decisions-commands';
import type { SlashCommand } from './slash-command';

export const remember: SlashCommand = {
  name: '/remember',
  usage: '/remember [all]',
  description: 'keep answers of the last questionnaire',
  takesArgument: true,
  availability: 'idle',
  run: (args, deps, signal) => rememberAnswers(args, deps, signal),
};
