import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../../..');

/** The packages published to the registry (testkit is private), in dependency order. */
export const PUBLIC_PACKAGES = [
  'tool-contract',
  'tools',
  'llm',
  'session',
  'askuser',
  'subagents',
  'mcp',
  'runtime',
] as const;

export function packageDir(name: string): string {
  return path.join(ROOT, 'packages', name);
}
