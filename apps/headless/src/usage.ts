import { usageText as generated } from '@agent/runtime/flags';

/** The `--help` text, generated from the flag table both apps share. */
export function usageText(): string {
  return generated('headless');
}
