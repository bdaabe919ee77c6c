/** A slash command as listed by /help and the suggestions popup. */
export interface CommandInfo {
  name: string;
  usage: string;
  description: string;
  /** Takes an argument: accepting the suggestion fills the name and waits for it. */
  takesArgument?: boolean;
}

/** Commands matching what is typed, while the prompt is a lone `/word`. */
export function suggestCommands(text: string, commands: readonly CommandInfo[]): CommandInfo[] {
  if (!/^\/[\w-]*$/.test(text)) return [];
  const matches = commands.filter((command) => command.name.startsWith(text));
  return matches;
}

/** Parses `/name args`; undefined when the text is not a slash command. */
/**
 * Whether a prompt is a slash command: it starts with `/` and its first word holds no other `/`,
 * so a prompt that starts with a path (`/src/app.ts what does it do?`) goes to the model.
 */
export function isCommandText(text: string): boolean {
  return /^\/[^\s/]*(?:\s|$)/.test(text.trim());
}

export function parseCommand(text: string): { name: string; args: string } | undefined {
  const match = /^(\/[\w-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  return { name: match[1]!, args: (match[2] ?? '').trim() };
}
