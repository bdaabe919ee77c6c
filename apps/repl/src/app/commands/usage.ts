import { usageReportText } from '../usage-report-text';
import type { SlashCommand } from './slash-command';

export const usage: SlashCommand = {
  name: '/usage',
  usage: '/usage',
  description: "this session's tokens per model, cached ones apart, and their cost",
  availability: 'idle',
  run: async (_args, deps) => deps.app.info(usageReportText(await deps.session.usage())),
};
