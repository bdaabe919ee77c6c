import { lastAnswer, osc52 } from '../clipboard';
import type { SlashCommand } from './slash-command';

export const copy: SlashCommand = {
  name: '/copy',
  usage: '/copy',
  description: 'copy the last answer to the clipboard (OSC 52)',
  availability: 'busy',
  run(_args, { app }) {
    const answer = lastAnswer(app.transcript.segments);
    if (answer === undefined) return app.error('Nothing to copy yet: no answer in this session.');
    app.writeTerminal(osc52(answer));
    const lines = answer.split('\n').length;
    const tmux = process.env.TMUX
      ? ' Inside tmux this needs "set -g set-clipboard on" in your tmux configuration.'
      : '';
    app.info(
      `Copied the last answer (${lines} line${lines === 1 ? '' : 's'}) to the clipboard (OSC 52).${tmux}`,
    );
  },
};
