/** A slash command as listed by /help and the suggestions popup. */
export interface CommandInfo {
  name: string;
  usage: string;
  description: string;
  /** Takes an argument: accepting the suggestion fills the name and waits for it. */
  takesArgument?: boolean;
}

export const COMMANDS: readonly CommandInfo[] = [
  { name: '/help', usage: '/help', description: 'keys and commands' },
  { name: '/new', usage: '/new', description: 'start a new session' },
  {
    name: '/resume',
    usage: '/resume [id]',
    description: 'resume a saved session: any unique part of its id, or pick from a list',
    takesArgument: true,
  },
  { name: '/sessions', usage: '/sessions', description: 'list saved sessions of this directory' },
  {
    name: '/compact',
    usage: '/compact',
    description: 'summarise the conversation to free context',
  },
  { name: '/context', usage: '/context', description: 'what the context window holds' },
  {
    name: '/usage',
    usage: '/usage',
    description: "this session's tokens per model, cached ones apart, and their cost",
  },
  {
    name: '/tool-history',
    usage: '/tool-history full|off',
    description: 'keep raw tool output in later requests, or only status lines',
    takesArgument: true,
  },
  {
    name: '/model',
    usage: '/model [name]',
    description: "pick one of the provider's models, or switch to NAME",
    takesArgument: true,
  },
  {
    name: '/amend',
    usage: '/amend',
    description: 'change your answers to the last questionnaire and tell the model',
  },
  {
    name: '/remember',
    usage: '/remember [all]',
    description: 'keep answers of the last questionnaire',
    takesArgument: true,
  },
  {
    name: '/decisions',
    usage: '/decisions [list]',
    description: 'kept answers: list, edit N ANSWER, revoke N',
    takesArgument: true,
  },
  {
    name: '/permissions',
    usage: '/permissions [list|add|edit]',
    description:
      'pick rules by scope (Delete removes, a approves); list; add SCOPE allow|deny RULE; edit N RULE; remove N; approve; explain COMMAND (why it runs, asks or is denied)',
    takesArgument: true,
  },
  {
    name: '/sandbox',
    usage: '/sandbox [auto|on|off]',
    description: 'where commands run (bubblewrap); change it for this session',
    takesArgument: true,
  },
  { name: '/copy', usage: '/copy', description: 'copy the last answer to the clipboard (OSC 52)' },
  { name: '/undo', usage: '/undo', description: "restore the files the agent's last turn changed" },
  { name: '/init', usage: '/init', description: 'draft an AGENTS.md for this workspace' },
  {
    name: '/mcp',
    usage: '/mcp [tools|trust|reconnect]',
    description: 'MCP servers; pick tools; trust; reconnect NAME',
    takesArgument: true,
  },
  {
    name: '/hooks',
    usage: '/hooks [approve]',
    description: "hooks in force and where they come from; approve the workspace's",
    takesArgument: true,
  },
  {
    name: '/skills',
    usage: '/skills [approve]',
    description: "skills and where they come from (/name runs one); approve the workspace's",
    takesArgument: true,
  },
  { name: '/quit', usage: '/quit', description: 'save and exit' },
];

/** Commands matching what is typed, while the prompt is a lone `/word`. */
export function suggestCommands(
  text: string,
  commands: readonly CommandInfo[] = COMMANDS,
): CommandInfo[] {
  if (!/^\/[\w-]*$/.test(text)) return [];
  const matches = commands.filter((command) => command.name.startsWith(text));
  return matches;
}

/** Parses `/name args`; undefined when the text is not a slash command. */
export function parseCommand(text: string): { name: string; args: string } | undefined {
  const match = /^(\/[\w-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  return { name: match[1]!, args: (match[2] ?? '').trim() };
}
