import type { SlashCommand } from './slash-command';

export const quit: SlashCommand = {
  name: '/quit',
  aliases: ['/exit'],
  usage: '/quit',
  description: 'save and exit',
  availability: 'busy',
  run: (_args, deps) => deps.quit(),
};
