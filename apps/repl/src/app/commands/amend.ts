import { amendLastQuestionnaire } from '../../ask-user/amend-command';
import type { SlashCommand } from './slash-command';

export const amend: SlashCommand = {
  name: '/amend',
  usage: '/amend',
  description: 'change your answers to the last questionnaire and tell the model',
  availability: 'idle',
  run: (_args, { app, session, person }, signal) =>
    amendLastQuestionnaire(session.history, person, signal, (text) => app.info(text)),
};
