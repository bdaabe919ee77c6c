import type { SlashCommand } from './slash-command';

export const newSession: SlashCommand = {
  name: '/new',
  usage: '/new',
  description: 'start a new session',
  availability: 'idle',
  async run(_args, deps) {
    const { app, session } = deps;
    await session.reset();
    deps.resetSession();
    app.transcript.clear();
    app.view.followTail();
    return app.info('New session. The previous one is saved (/sessions lists them).');
  },
};
