/** How often `needle` occurs in `text` (a screen, a log). */
export const occurrences = (text: string, needle: string): number => text.split(needle).length - 1;
