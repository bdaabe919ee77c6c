import type { LoopEvent } from '@agent/llm';
import type { ElicitationRecord, McpServerStatus } from '@agent/mcp';
import type { AgentMode } from '../modes/agent-mode';
import type { ToolOfferReport } from '../tools/tool-selection';

/**
 * What a session reports for the front end to render: the tool loop's events, a one-line
 * notice for the person (automatic compaction, skipped profiles), a failed session write, the
 * MCP servers whenever one changes state (with the problems met reading their configuration
 * files), each question an MCP server asked (recorded in the session too), and each change of
 * the session's mode (Shift+Tab, an approved plan), and MCP tools the requests leave out (past
 * the provider's tool limit or the size budget; `text` says what, once per different outcome).
 */
export type RuntimeEvent =
  | LoopEvent
  | { type: 'notice'; text: string }
  | { type: 'save_error'; error: Error }
  | { type: 'mcp_servers'; servers: McpServerStatus[]; configErrors: string[] }
  | { type: 'elicitation'; record: ElicitationRecord }
  | { type: 'mode'; mode: AgentMode }
  | { type: 'tools_left_out'; report: ToolOfferReport; text: string };
