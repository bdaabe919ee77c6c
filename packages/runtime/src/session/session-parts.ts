import { loadAgentSettings } from '@agent/llm/config';
import { MemoryTaskStore, type AgentProfile } from '@agent/subagents';
import type { PersonChannel, PersonRequestKind, ShellSandbox, ToolRegistry } from '@agent/tools';
import type { AgentSessionOptions } from './agent-session-options';
import { assembleAgent, type ParentAgent } from './assemble-agent';
import { ContextMeter } from '../context-window/context-meter';
import { LiveTranscript } from '../conversation/live-transcript';
import { RequestPreview } from '../context-window/request-preview';
import type { ConversationView } from './conversation-view';
import { ImageStore } from '../images';
import { sessionKeeper } from '../session-file/kept-answers';
import type { McpLink } from '../mcp/mcp-link';
import { SessionModes } from '../modes/session-modes';
import { OpenQuestions } from '../turn/open-questions';
import type { PermissionRuleSet } from '../permissions/permission-settings';
import { PersonActions } from '../person/person-actions';
import { personAnswers } from '../person/person-answers';
import { sessionPerson } from '../person/session-person';
import { ResumedTurn } from '../turn/resumed-turn';
import { SessionCallIds } from '../turn/session-call-ids';
import { SessionCompaction } from '../context-window/session-compaction';
import { SessionFile, type SessionFileSubject } from '../session-file/session-file';
import { sessionPermissions } from '../permissions/session-permissions';
import { SessionDecisions } from '../decisions/session-decisions';
import { projectRootOf } from '../workspace/project-root';
import { sessionSandbox } from '../permissions/session-sandbox';
import { SessionTurn } from '../turn/session-turn';
import { notifyingPerson } from '../hooks/notifying-person';
import { SessionHooks } from '../hooks/session-hooks';
import type { SessionSkills } from '../skills/session-skills';
import { skillTool } from '../skills/skill-tool';
import type { ToolOffer } from '../tools/tool-offer';
import { TurnGate } from '../turn/turn-gate';
import { registryTitles } from '../transcript/call-titles';
import { TRANSCRIPT_CARDS } from '../transcript/transcript-cards';

/** What the parts read of the session they make up, always as it stands now. */
export type PartsOwner = ParentAgent &
  SessionFileSubject & {
    /** Interactive tool calls allowed per prompt (0 where nobody can answer). */
    readonly maxInteractive: number;
  };

/** The collaborators one session is made of, each connected to the others it works with. */
export interface SessionParts {
  gate: TurnGate;
  images: ImageStore;
  resumed: ResumedTurn;
  questions: OpenQuestions;
  modes: SessionModes;
  permissionRules: PermissionRuleSet;
  /** The person channel, each request routed by its kind (approvals past the rules and the mode). */
  channel: PersonChannel;
  file: SessionFile;
  /** The open session file's transcript so far, kept up to date as the file records each event. */
  live: LiveTranscript;
  person: PersonActions;
  sandbox: ShellSandbox;
  mcpLink: McpLink | undefined;
  toolOffer: ToolOffer | undefined;
  /** Every tool of the session, the plan tool included. */
  registry: ToolRegistry;
  /** The tools the current mode offers. */
  offered: ToolRegistry;
  /** The system prompt outside plan mode, with the skills listed now. */
  system(): string;
  /** The decisions the person kept, and the system prompt's section of those in force. */
  decisions: SessionDecisions;
  /** The session's skills (listed in the system prompt, loaded by the `skill` tool). */
  skills: SessionSkills;
  /** What assembling the agent has to tell the person (AGENTS.md files left out). */
  startNotices: string[];
  /** The request the conversation would send next, which the meter measures. */
  preview: RequestPreview;
  meter: ContextMeter;
  compaction: SessionCompaction;
  turn: SessionTurn;
  /** The hooks configured for the session (read afresh at every event). */
  hooks: SessionHooks;
  /** Subagents that asked and wait for the parent's answers (rebuilt from a saved session). */
  subagentTasks: MemoryTaskStore;
}

/**
 * Builds one session's parts and connects them: the mode, the permission rules in front of the
 * person, the session file and the live transcript it keeps, the tools (MCP servers started), the
 * context meter, compaction and the turn. `conversation` is the session's own conversation, which
 * only the parts write.
 */
export function sessionParts(
  owner: PartsOwner,
  options: AgentSessionOptions,
  profiles: ReadonlyMap<string, AgentProfile>,
  conversation: ConversationView,
  skills: SessionSkills,
  mcpLink: McpLink | undefined,
): SessionParts {
  const notice = (text: string): void => options.onEvent({ type: 'notice', text });
  const isInteractive = (name: string): boolean => registry.get(name)?.interactive === true;
  // A call run again when a resumed turn continues it (a plan), where the mode offers it.
  const isResumable = (name: string): boolean => {
    const tool = registry.get(name);
    return tool?.resumable === true && modes.offers(tool);
  };
  // The calls that wait for the person: left open when the app goes away, offered again on resume.
  const asksPerson = (name: string): boolean =>
    isInteractive(name) || registry.get(name)?.resumable === true;
  const gate = new TurnGate();
  const images = new ImageStore(options.agentHome);
  // One rule for every kind: an open call is offered again only where a person answers it (a
  // policy that answers at once, as headless does, gets it closed as interrupted).
  const answered = (kind: PersonRequestKind): boolean => personAnswers(options.person, kind);
  const resumed = new ResumedTurn(() => {
    const questionnaires = answered('questionnaire') && owner.maxInteractive > 0;
    // Resumable calls ask for a decision (a plan, in the mode the session was saved in unless
    // `--mode` said otherwise).
    const decisions = answered('plan');
    if (!questionnaires && !decisions) return undefined;
    return (name) => (questionnaires && isInteractive(name)) || (decisions && isResumable(name));
  });
  const questions = new OpenQuestions(asksPerson);
  const mode = options.mode ?? loadAgentSettings(options.agentHome).mode ?? 'default';
  const modes = new SessionModes(mode, {
    changed: (mode) => {
      file.current?.recordSettings({ mode });
      options.onEvent({ type: 'mode', mode });
    },
    stopTurn: () => gate.softStop(),
  });
  const keeper = sessionKeeper({
    writer: () => file.current,
    recording: () => questions.recording,
    earlier: (callId) => resumed.earlierAnswers(callId),
    onError: (error) => file.failed(error),
  });
  const hooks = new SessionHooks({
    agentHome: options.agentHome,
    workspaceRoot: options.workspaceRoot,
    notice,
    session: () => {
      const writer = file.current;
      return writer ? { id: writer.id, ...(writer.saved ? { path: writer.path } : {}) } : {};
    },
  });
  // Notification hooks run for what reaches the person, after the rules.
  const toPerson = notifyingPerson(options.person, hooks);
  const permissions = sessionPermissions(options, toPerson, notice, modes.read, modes.watch);
  const decisions = new SessionDecisions(options.agentHome, projectRootOf(options.workspaceRoot));
  const channel = sessionPerson(toPerson, {
    approve: permissions.approve,
    book: decisions.book,
    keeper,
  });
  const file = new SessionFile(owner, options, (error) =>
    options.onEvent({ type: 'save_error', error }),
  );
  const person = new PersonActions(conversation, options, { gate, file, person: channel });
  const sandbox = sessionSandbox(options, notice);
  // The skill tool exists where the session found skills (approved or waiting for approval).
  const hasSkills = skills.skills.length > 0 || skills.unapproved.length > 0;
  const withSkillTool = hasSkills
    ? { ...options, extraTools: [...(options.extraTools ?? []), skillTool(skills)] }
    : options;
  const subagentTasks = new MemoryTaskStore();
  const agent = assembleAgent({
    subagentTasks,
    parent: owner,
    options: withSkillTool,
    profiles,
    sandbox,
    wrapTool: (tool) => person.wrapTool(tool),
    mcpLink,
    offers: (tool) => modes.offers(tool),
  });
  // Registered after the system prompt was built: its tool list is the same in every mode.
  const registry = agent.registry.register(modes.planTool);
  const offered = modes.offered(agent.registry);
  const live = new LiveTranscript({ cards: TRANSCRIPT_CARDS, titleOf: registryTitles(registry) });
  file.follow(live);
  const callIds = new SessionCallIds();
  file.follow(callIds);
  const system = (): string =>
    withSection(withSection(agent.system, decisions.promptSection), skills.promptSection());
  const preview = new RequestPreview(conversation, modes, offered, system);
  const meter = new ContextMeter(preview);
  const compaction = new SessionCompaction(conversation, options, { meter, file, notice });
  const turn = new SessionTurn({
    options,
    conversation,
    gate,
    file,
    images,
    compaction,
    resumed,
    questions,
    meter,
    modes,
    channel,
    offered,
    hooks,
    callIds,
    system,
    maxInteractive: () => owner.maxInteractive,
    toolHistory: () => owner.toolHistory,
  });
  return {
    gate,
    images,
    resumed,
    questions,
    modes,
    permissionRules: permissions.rules,
    channel,
    file,
    live,
    person,
    sandbox,
    mcpLink: agent.mcpLink,
    toolOffer: agent.toolOffer,
    registry,
    offered,
    system,
    skills,
    startNotices: [...agent.notices, ...decisions.book.problems],
    decisions,
    preview,
    meter,
    compaction,
    turn,
    hooks,
    subagentTasks,
  };
}

/** The system prompt with one more section after it; as it is when the section is empty. */
function withSection(system: string, section: string): string {
  return section === '' ? system : `${system}\n\n${section}`;
}
