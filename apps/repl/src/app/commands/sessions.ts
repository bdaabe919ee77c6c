import { listHere } from '../session-commands';
import type { SlashCommand } from './slash-command';

export const sessions: SlashCommand = {
  name: '/sessions',
  usage: '/sessions',
  description: 'list saved sessions of this directory',
  availability: 'busy',
  run: (_args, deps) => listHere(deps),
};
