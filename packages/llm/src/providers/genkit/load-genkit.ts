/**
 * Genkit, loaded without the SIGINT and SIGTERM handlers its main module installs on import:
 * they stop its reflection servers and call `process.exit(0)`, so an interrupted run ended
 * with status 0 before the agent saved its session and released its lock. The agent's own
 * handlers decide what a signal does.
 */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));

/* eslint-disable @typescript-eslint/no-require-imports */
export const core: typeof import('genkit') = require('genkit');
export const plugin: typeof import('@genkit-ai/google-genai') = require('@genkit-ai/google-genai');
export const logging: typeof import('genkit/logging') = require('genkit/logging');
/* eslint-enable @typescript-eslint/no-require-imports */

for (const signal of SIGNALS) {
  for (const listener of process.listeners(signal)) {
    if (!before.get(signal)!.has(listener)) process.off(signal, listener);
  }
}
