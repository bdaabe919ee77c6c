import type { SlashCommand } from './slash-command';

export const compact: SlashCommand = {
  name: '/compact',
  usage: '/compact',
  description: 'summarise the conversation to free context',
  availability: 'idle',
  async run(_args, deps, signal) {
    const { app, conversation } = deps;
    if (app.modals.active) return app.error('Answer the open card before compacting.');
    app.info('Compacting the conversation…');
    // Esc and Ctrl+C interrupt the conversation, which stops its compaction.
    const result = await conversation.submit({ type: 'compact' });
    if (signal.aborted || (!result.ok && result.reason === 'interrupted')) {
      return app.info('Compaction interrupted: the conversation is unchanged.');
    }
    if (!result.ok) return app.error(`Nothing compacted: ${result.reason}`);
    app.info(`Compacted ${result.summarized} messages into a summary.`);
  },
};
