// The light entry: the first paint loads no session schemas.
import { undoneText } from '@agent/session/words';
import type { SlashCommand } from './slash-command';

export const undo: SlashCommand = {
  name: '/undo',
  usage: '/undo',
  description: "restore the files the agent's last turn changed",
  availability: 'idle',
  async run(_args, { app, conversation }) {
    const result = await conversation.submit({ type: 'undo' });
    if (!result.ok) return app.error(result.reason);
    return app.info(undoneText(result));
  },
};
