import type { ServerConfig } from '@agent/runtime';
import type { McpServer } from './schema';

/**
 * The editor's MCP servers (`mcpServers` of `session/new` and `session/load`) as the runtime's
 * server configurations, scope `client`: the person configured them in the editor, so they start
 * trusted. Stdio, streamable HTTP and SSE servers.
 */
export function clientServers(servers: readonly McpServer[]): ServerConfig[] {
  return servers.map((server): ServerConfig => {
    const base = { name: server.name, scope: 'client' as const, disabled: false };
    if ('type' in server && (server.type === 'http' || server.type === 'sse')) {
      return {
        ...base,
        transport: server.type,
        url: server.url,
        headers: Object.fromEntries(server.headers.map((header) => [header.name, header.value])),
      };
    }
    const stdio = server as Extract<McpServer, { command: string }>;
    return {
      ...base,
      transport: 'stdio',
      command: stdio.command,
      args: [...stdio.args],
      env: Object.fromEntries(stdio.env.map((variable) => [variable.name, variable.value])),
    };
  });
}
