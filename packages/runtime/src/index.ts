export * from './session/agent-session';
export * from './session/agent-session-options';
export type { TurnOptions } from './turn/session-turn';
export * from './session/assemble-agent';
export * from './provider/choose-provider';
export * from './context-window/context-meter';
export * from './session/events';
export * from './session-file/find-session';
export * from './flags';
export * from './prompts/custom-commands';
export * from './prompts/mentions';
export { NOTHING_TO_UNDO, type UndoResult } from './undo/file-undo';
export { workspaceChangeNotice } from './workspace/workspace-change';
export * from './permissions/permission-settings';
export * from './tools/live-registry';
export * from './mcp/mcp-link';
// What the apps show of MCP servers, so they need not depend on @agent/mcp (types only: no load).
export type { McpManager, McpServerStatus, ServerConfig } from '@agent/mcp';
export type { PersonShellResult } from './person/person-actions';
export { registryTitles } from './transcript/call-titles';
export * from './modes';
export * from './images';
export { leftOutLine, ToolOffer, type ToolOfferDeps } from './tools/tool-offer';
export {
  selectTools,
  serverOf,
  type ServerToolCount,
  type ToolOfferReport,
  type ToolSelection,
} from './tools/tool-selection';
export { WITHHOLD_SETTING, withheldSettingsFile } from './mcp/withheld-servers';
export type { LoadedHooks } from './hooks/hook-sources';
export { HOOK_EVENTS, type HookEntry, type HookEvent } from './hooks/hook-config';
export { runConfiguredCommand, type CommandRun } from './hooks/configured-command';
export { SessionSkills, SKILLS_PROMPT_CHARS, type SkillPlaces } from './skills/session-skills';
export type { Skill } from './skills/skill-files';
export { SKILL_TOOL } from './skills/skill-tool';
export * from './provider/usage-report';
export * from './decisions';
export { Conversation, type ConversationOptions } from './conversation/conversation';
export { CardTable, type CardTableEvents } from './conversation/card-table';
export {
  unattendedPerson,
  type UnattendedAnswers,
  type UnattendedPick,
} from './conversation/unattended-person';
export type { AnswerCard, Card, CardAnswer, CardClosing, CardViewer } from './conversation/cards';
export { AnsweredElsewhere } from './conversation/cards';
export { ShownCopies } from './conversation/shown-copies';
export type { ConversationEvent, ConversationListener } from './conversation/conversation-events';
export type { Operation, OperationResult, ResultOf } from './conversation/operations';
// What a card offers for an approval, computed here for every front end.
export type { ApprovalChoice, ApprovalChoices } from '@agent/tools';
export { TRANSCRIPT_CARDS } from './transcript/transcript-cards';
export type { LastQuestionnaire } from './transcript/last-questionnaire';
