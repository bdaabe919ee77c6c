import type { SlashCommand } from './slash-command';

export const newSession: SlashCommand = {
  name: '/new',
  usage: '/new',
  description: 'start a new session',
  availability: 'idle',
  async run(_args, deps) {
    const { app, conversation } = deps;
    // The transcript starts over when the conversation says so (its new_session event).
    const result = await conversation.submit({ type: 'new' });
    if (!result.ok) return app.error(`No new session: ${result.reason}`);
    return app.info('New session. The previous one is saved (/sessions lists them).');
  },
};
