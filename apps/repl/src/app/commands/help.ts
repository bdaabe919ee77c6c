import type { CustomCommand } from '@agent/runtime';
import { renderHelp } from '../../view/help-view';
import type { CustomSegment } from '../../view/segment';
import { helpSections } from '../help-sections';
import { customCommandInfos } from './custom-command-infos';
import type { SlashCommand } from './slash-command';

/** /help: keys, the built-in commands, then the custom ones, laid out for the screen's width. */
function helpSegment(custom: readonly CustomCommand[] = []): CustomSegment {
  const sections = helpSections(customCommandInfos(custom));
  return { kind: 'custom', render: (width) => renderHelp(sections, width) };
}

export const help: SlashCommand = {
  name: '/help',
  usage: '/help',
  description: 'keys and commands',
  availability: 'busy',
  run(_args, deps) {
    deps.app.transcript.add(helpSegment(deps.customCommands));
  },
};
