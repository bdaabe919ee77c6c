import type { CommandInfo } from '../input/commands';
import { helpEntries } from './commands/slash-commands';
import type { HelpSection } from '../view/help-view';

const KEYS = [
  { usage: 'Enter', description: 'send' },
  {
    usage: 'Alt+Enter or Ctrl+J',
    description: 'newline (Shift+Enter too, in terminals that send it apart from Enter)',
  },
  { usage: '↑ ↓', description: 'history' },
  { usage: 'Esc or Ctrl+C', description: 'interrupt; twice: Esc clears, Ctrl+C quits' },
  { usage: 'PageUp/PageDown, wheel', description: 'scroll' },
  { usage: 'Ctrl+O', description: 'expand/fold long tool output' },
  { usage: 'Ctrl+G', description: 'edit the prompt (or a plan on its card) in $VISUAL/$EDITOR' },
  {
    usage: 'Shift+Tab',
    description:
      'cycle the mode: default → accept edits → plan → default (on an approval or plan card too; on a questionnaire or form, the previous question)',
  },
];

/** What /help says: keys, the built-in commands, then `custom` (from `.agent/commands/`). */
export function helpSections(custom: readonly CommandInfo[]): HelpSection[] {
  const sections: HelpSection[] = [
    {
      title: 'Keys:',
      entries: KEYS,
      notes: [
        'While the agent works, Enter sends your message into its turn (the model reads it at its next step) and Tab queues it as the next prompt (↑ on an empty prompt takes it back); an interrupt returns both to the input instead of sending them.',
      ],
    },
    { title: 'Commands:', entries: helpEntries() },
  ];
  if (custom.length > 0) {
    sections.push({
      title: 'Custom commands (.agent/commands/, $AGENT_HOME/commands/):',
      entries: custom,
    });
  }
  sections.push({
    title: 'Prompts:',
    entries: [
      {
        usage: '@path',
        description: 'attaches a workspace file (matches list as you type; Tab or Enter picks)',
      },
      { usage: '!command', description: 'runs a shell command' },
    ],
  });
  return sections;
}
