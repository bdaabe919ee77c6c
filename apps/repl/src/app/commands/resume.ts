import { resume as resumeSession } from '../session-commands';
import type { SlashCommand } from './slash-command';

export const resume: SlashCommand = {
  name: '/resume',
  usage: '/resume [id]',
  description: 'resume a saved session: any unique part of its id, or pick from a list',
  takesArgument: true,
  availability: 'idle',
  run: (args, deps, signal) => resumeSession(args, deps, signal),
};
