import type * as AcpSdk from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' };

/** The ACP SDK (an ES module): loaded with import() from this CommonJS app. */
export type Acp = typeof AcpSdk;

/** Loads the SDK (its stable ACP v1 entry point). */
export function loadAcp(): Promise<Acp> {
  return import('@agentclientprotocol/sdk');
}
