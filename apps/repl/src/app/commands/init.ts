import { INIT_PROMPT } from '../init-prompt';
import type { SlashCommand } from './slash-command';

export const init: SlashCommand = {
  name: '/init',
  usage: '/init',
  description: 'draft an AGENTS.md for this workspace',
  availability: 'idle',
  run: () => ({ prompt: INIT_PROMPT, display: '/init' }),
};
