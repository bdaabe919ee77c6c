/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The agent's packages for the screen's own modules, loaded on first use: the first frame needs
 * none of them (see start.ts), and they are loaded by the time anything asks (the agent
 * attached, an image pasted, a prompt sent).
 */
export function llm(): typeof import('@agent/llm') {
  return require('@agent/llm');
}

export function runtime(): typeof import('@agent/runtime') {
  return require('@agent/runtime');
}

export function tools(): typeof import('@agent/tools') {
  return require('@agent/tools');
}
