export { startMcp, McpManager, type StartMcpOptions, type McpServerStatus } from './manager';
export type { ServerState } from './server-connection';
export type { McpAgentTool } from './mcp-tool';
export type { ElicitationRecord } from './elicitation-handler';
export {
  loadServerConfigs,
  parseServers,
  configPaths,
  type ServerConfig,
  type StdioServerConfig,
  type HttpServerConfig,
  type ServerScope,
  type LoadedConfig,
} from './config';
export {
  createTrustStore,
  TRUST_FILE,
  type TrustCheck,
  type TrustStore,
  type TrustState,
} from './trust-store';
export { credentialLike, trustSubject, type TrustSubject } from './trust-subject';
export { ToolLists, TOOL_LISTS_FILE, TOOL_LIST_MAX_AGE_MS } from './tool-lists';
export { expandVariables, MissingVariableError } from './env-expand';
export { normalizeSchemaForProviders } from './provider-schema';
export { agentToolNames, toolNamePrefix, MAX_TOOL_NAME_LENGTH } from './tool-names';
export {
  buildElicitationForm,
  type ElicitationForm,
  type ElicitationContent,
} from './elicitation-form';
export { toToolResult, type McpCallResult } from './tool-result';
