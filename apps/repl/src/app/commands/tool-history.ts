import type { SlashCommand } from './slash-command';

export const toolHistory: SlashCommand = {
  name: '/tool-history',
  usage: '/tool-history full|off',
  description: 'keep raw tool output in later requests, or only status lines',
  takesArgument: true,
  availability: 'busy',
  run(args, deps) {
    const { app, session } = deps;
    if (args === '') return app.info(`Tool history: ${session.toolHistory}`);
    if (args !== 'full' && args !== 'off') return app.error('Usage: /tool-history full|off');
    session.setToolHistory(args);
    return app.info(
      args === 'full'
        ? 'Tool history: full (raw tool output stays in later requests)'
        : 'Tool history: off (later requests keep only one-line tool statuses)',
    );
  },
};
