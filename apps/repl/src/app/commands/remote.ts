import type { SlashCommand } from './slash-command';

export const remote: SlashCommand = {
  name: '/remote',
  usage: '/remote [off]',
  description: "answer this session's cards from a browser: prints the page's URL (off stops it)",
  availability: 'busy',
  async run(args, { app, remote }) {
    const what = args.trim();
    if (what === 'off') {
      const stopped = await remote.close();
      return app.info(stopped ? 'The web page is stopped.' : 'No web page is running.');
    }
    if (what !== '') return app.error('Usage: /remote, or /remote off to stop the page.');
    try {
      const { url, started } = await remote.open();
      // One line a paragraph: the transcript wraps them to the terminal's width.
      app.info(
        [
          `${started ? 'The web page is running' : 'The web page is already running'}: ${url}`,
          'Anyone with this link can act as you in this session; it is bound to this machine only (from a phone: an SSH tunnel or Tailscale). Cards open here and there; the first answer counts.',
          '/remote off stops it.',
        ].join('\n'),
      );
    } catch (error) {
      app.error(`The web page could not start: ${(error as Error).message}`);
    }
  },
};
