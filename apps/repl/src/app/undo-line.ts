/** The transcript's line for a done `/undo`, live and replayed: what went back, what went away. */
export function undoneLine(files: { restored: string[]; removed: string[] }): string {
  const parts: string[] = [];
  if (files.restored.length > 0) parts.push(`restored ${files.restored.join(', ')}`);
  if (files.removed.length > 0) {
    parts.push(`removed ${files.removed.join(', ')} (created by that turn)`);
  }
  return `Undone: ${parts.join('; ')}.`;
}
