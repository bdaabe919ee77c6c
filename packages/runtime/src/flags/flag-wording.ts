import { FLAGS } from './flag-table';

const OPTION = /the `([A-Za-z]+)` option/g;

/**
 * `text` with each "the `option` option" named as the flag a person types (`baseUrl` is
 * `--base-url`). The libraries word their errors and reasons for library callers ("choose another
 * provider with the `provider` option"); the front ends print them through this. An option with
 * no flag keeps its library wording.
 */
export function inFlagTerms(text: string): string {
  return text.replace(OPTION, (phrase, option: string) => {
    const flag = option.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    return FLAGS.some((spec) => spec.name === flag) ? `--${flag}` : phrase;
  });
}
