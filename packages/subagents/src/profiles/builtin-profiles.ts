import { grepTool, listFilesTool } from '@agent/tools';
import { READ_ONLY_SUBAGENT_TOOLS, SUBAGENT_TOOL_NAMES } from '../tool-constructors';
import type { AgentProfile } from './profile';

const COMMON = `You are a subagent of a coding agent. You work alone on one self-contained job and cannot talk to the user: if the job needs a decision only the user can make, stop and say exactly what must be decided in your final answer, so the primary agent can ask. Paths are relative to the workspace root. End with a concise final answer: what you found or did, with file paths and line numbers where they help. Do not pad it.`;

export const EXPLORE_PROFILE: AgentProfile = {
  name: 'explore',
  description: 'Searches and reads the codebase to answer a question; never changes anything.',
  tools: [...READ_ONLY_SUBAGENT_TOOLS],
  systemPrompt: `${COMMON}\n\nYour job is to explore: find the relevant files with ${listFilesTool().name} and ${grepTool().name}, read what matters, and report the answer with evidence.`,
  source: 'built-in',
};

export const GENERAL_PROFILE: AgentProfile = {
  name: 'general',
  description: 'A general-purpose helper that can read, edit files and run commands.',
  tools: [...SUBAGENT_TOOL_NAMES],
  systemPrompt: `${COMMON}\n\nRead before you edit, make small verified changes, and run the relevant checks when you can.`,
  source: 'built-in',
};

export const BUILTIN_PROFILES: readonly AgentProfile[] = [EXPLORE_PROFILE, GENERAL_PROFILE];
