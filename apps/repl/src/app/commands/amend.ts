import type { SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () =>
  require('../../ask-user/amend-command') as typeof import('../../ask-user/amend-command');

export const amend: SlashCommand = {
  name: '/amend',
  usage: '/amend',
  description: 'change your answers to the last questionnaire and tell the model',
  availability: 'idle',
  run: (_args, { app, session, person }, signal) =>
    load().amendLastQuestionnaire(session.lastQuestionnaire(), person, signal, (text) =>
      app.info(text),
    ),
};
