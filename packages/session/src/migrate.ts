import type { ToolStatus } from '@agent/llm';
import { AGENT_MODES } from '@agent/llm/config';
import { isAnswer, parseQuestionnaire } from '@agent/tool-contract';
import {
  SESSION_SCHEMA_VERSION,
  TURN_END_REASONS,
  type SessionEvent,
  type TurnEndReason,
} from './schema';

export type RawEvent = Record<string, unknown>;

/** Rewrites one event of version N into version N+1 (the map key is N). */
export type Upgrade = (event: RawEvent) => RawEvent;

/**
 * Every format change adds one entry here and a fixture file under test/fixtures, so files of
 * every earlier version keep loading. Version 1 is the first format: nothing to upgrade yet.
 */
export const UPGRADES: ReadonlyMap<number, Upgrade> = new Map();

export type MigrateResult =
  | {
      ok: true;
      event: SessionEvent;
      /** Written by a newer version: read as the current one, unknown fields kept. */
      newer: boolean;
    }
  | { ok: false; reason: string };

const TOOL_STATUSES: ReadonlySet<string> = new Set<ToolStatus>([
  'pending',
  'ok',
  'error',
  'denied',
  'skipped',
  'interrupted',
]);

/**
 * Upgrades a parsed line to the current schema and checks the fields this version relies on.
 * Unknown fields are kept untouched; a line that cannot be used gets a reason, never a throw.
 */
export function migrateEvent(
  raw: unknown,
  upgrades = UPGRADES,
  current = SESSION_SCHEMA_VERSION,
): MigrateResult {
  if (!isObject(raw)) return { ok: false, reason: 'not a JSON object' };
  const v = raw.v;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    return { ok: false, reason: 'missing or invalid schema version "v"' };
  }
  let event: RawEvent = raw;
  for (let version = v; version < current; version++) {
    const upgrade = upgrades.get(version);
    if (!upgrade) return { ok: false, reason: `no upgrade from schema version ${version}` };
    event = { ...upgrade(event), v: version + 1 };
  }
  const problem = checkEvent(event);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, event: event as unknown as SessionEvent, newer: v > current };
}

function checkEvent(e: RawEvent): string | undefined {
  if (typeof e.type !== 'string') return 'missing event "type"';
  if (typeof e.id !== 'string') return `${e.type}: missing "id"`;
  if (typeof e.ts !== 'string') return `${e.type}: missing "ts"`;
  switch (e.type) {
    case 'session_start':
      return (
        strings(e, ['cwd', 'provider', 'model']) ?? optionalString(e, 'title', 'session_start')
      );
    case 'user':
      return (
        strings(e, ['text']) ??
        optionalString(e, 'display', 'user') ??
        checkAmends(e) ??
        checkImages(e.images)
      );
    case 'file_snapshot':
      return (
        strings(e, ['path']) ??
        hashOrNull(e, 'before') ??
        hashOrNull(e, 'after') ??
        optionalString(e, 'workspace', 'file_snapshot')
      );
    case 'undo':
      return strings(e, ['turn']) ?? stringArray(e, 'paths');
    case 'assistant':
      return checkAssistant(e.message);
    case 'tool_end':
      return (
        strings(e, ['callId', 'summary']) ??
        status(e.status, 'tool_end') ??
        optionalString(e, 'retainedOutput', 'tool_end')
      );
    case 'tool_progress':
      return strings(e, ['callId', 'text']);
    case 'subagent_task':
      return strings(e, ['callId', 'taskId']) ?? checkSubagentTask(e);
    case 'checkpoint':
      return strings(e, ['summary']) ?? checkDecisions(e.decisions);
    case 'provider_change':
      return strings(e, ['provider', 'model']);
    case 'questionnaire':
      return checkQuestionnaire(e);
    case 'questionnaire_progress':
      return checkProgress(e);
    case 'elicitation':
      return checkElicitation(e);
    case 'settings':
      if (e.toolHistory !== undefined && e.toolHistory !== 'full' && e.toolHistory !== 'off') {
        return `settings: unknown toolHistory ${JSON.stringify(e.toolHistory)}`;
      }
      if (e.mode !== undefined && !(AGENT_MODES as readonly unknown[]).includes(e.mode)) {
        return `settings: unknown mode ${JSON.stringify(e.mode)}`;
      }
      return undefined;
    case 'turn_end':
      return TURN_END_REASONS.includes(e.reason as TurnEndReason)
        ? undefined
        : `turn_end: unknown reason ${JSON.stringify(e.reason)}`;
    default:
      return `unknown event type ${JSON.stringify(e.type)}`;
  }
}

function checkAssistant(message: unknown): string | undefined {
  if (!isObject(message) || message.role !== 'assistant') return 'assistant: missing "message"';
  if (typeof message.text !== 'string') return 'assistant: message.text is not a string';
  if (!Array.isArray(message.toolCalls)) return 'assistant: message.toolCalls is not an array';
  for (const call of message.toolCalls) {
    if (!isObject(call) || typeof call.id !== 'string' || typeof call.name !== 'string') {
      return 'assistant: a tool call has no id or name';
    }
    if (typeof call.summary !== 'string') return `assistant: tool call ${call.id} has no summary`;
    const problem =
      status(call.status, `assistant: tool call ${call.id}`) ??
      optionalString(call, 'retainedOutput', `assistant: tool call ${call.id}`);
    if (problem) return problem;
  }
  return undefined;
}

function checkDecisions(decisions: unknown): string | undefined {
  if (decisions === undefined) return undefined;
  if (!Array.isArray(decisions)) return 'checkpoint: "decisions" is not an array';
  for (const kept of decisions) {
    if (
      !isObject(kept) ||
      typeof kept.id !== 'string' ||
      typeof kept.name !== 'string' ||
      typeof kept.output !== 'string'
    ) {
      return 'checkpoint: a decision has no id, name or output';
    }
    const problem = status(kept.status, `checkpoint: decision ${kept.id}`);
    if (problem) return problem;
  }
  return undefined;
}

function checkQuestionnaire(e: RawEvent): string | undefined {
  const problem = strings(e, ['callId']);
  if (problem) return problem;
  const q = e.questionnaire;
  if (!isObject(q) || !Array.isArray(q.questions)) return 'questionnaire: missing questions';
  for (const item of q.questions) {
    if (!isObject(item) || typeof item.question !== 'string' || !Array.isArray(item.options)) {
      return 'questionnaire: a question has no text or options';
    }
  }
  const r = e.result;
  if (!isObject(r) || !Array.isArray(r.answers) || typeof r.cancelled !== 'boolean') {
    return 'questionnaire: missing result';
  }
  return undefined;
}

function checkAmends(e: RawEvent): string | undefined {
  const amends = e.amends;
  if (amends === undefined) return undefined;
  return isObject(amends) && typeof amends.callId === 'string' && typeof amends.output === 'string'
    ? undefined
    : 'user: "amends" is not {"callId", "output"}';
}

const IMAGE_TYPES: ReadonlySet<unknown> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

function checkImages(images: unknown): string | undefined {
  if (images === undefined) return undefined;
  const valid =
    Array.isArray(images) &&
    images.every(
      (image) =>
        isObject(image) &&
        typeof image.sha256 === 'string' &&
        /^[0-9a-f]{64}$/.test(image.sha256) &&
        IMAGE_TYPES.has(image.mediaType) &&
        typeof image.name === 'string' &&
        typeof image.size === 'number',
    );
  return valid
    ? undefined
    : 'user: "images" is not a list of {"sha256", "mediaType", "name", "size"}';
}

function checkProgress(e: RawEvent): string | undefined {
  const problem = strings(e, ['callId']);
  if (problem) return problem;
  const { answers, custom } = e as { answers: unknown; custom: unknown };
  if (!Array.isArray(answers) || !answers.every(isAnswer)) {
    return 'questionnaire_progress: "answers" is not a list of answers (strings or string lists)';
  }
  if (!Array.isArray(custom) || !custom.every((item) => typeof item === 'boolean')) {
    return 'questionnaire_progress: "custom" is not a list of booleans';
  }
  if (custom.length !== answers.length) {
    return `questionnaire_progress: ${answers.length} answers but ${custom.length} "custom" flags`;
  }
  return checkLater((e as { later?: unknown }).later);
}

function checkLater(later: unknown): string | undefined {
  if (later === undefined) return undefined;
  const valid =
    Array.isArray(later) &&
    later.every(
      (entry: { question?: unknown; answer?: unknown; custom?: unknown } | null) =>
        typeof entry === 'object' &&
        entry !== null &&
        Number.isInteger(entry.question) &&
        (entry.question as number) >= 0 &&
        isAnswer(entry.answer) &&
        (entry.custom === undefined || typeof entry.custom === 'boolean'),
    );
  return valid
    ? undefined
    : 'questionnaire_progress: "later" is not a list of {"question", "answer", "custom"}';
}

const ELICITATION_ACTIONS = new Set(['accept', 'decline', 'cancel']);

function checkElicitation(e: RawEvent): string | undefined {
  const missing = strings(e, ['server', 'message']);
  if (missing) return missing;
  if (e.mode !== 'form' && e.mode !== 'url') return 'elicitation: unknown mode';
  if (typeof e.action !== 'string' || !ELICITATION_ACTIONS.has(e.action)) {
    return 'elicitation: unknown action';
  }
  if (e.mode === 'url') return strings(e, ['url']);
  if (!Array.isArray(e.fields)) return 'elicitation: missing fields';
  for (const field of e.fields) {
    if (!isObject(field) || typeof field.key !== 'string' || typeof field.question !== 'string') {
      return 'elicitation: a field has no key or question';
    }
  }
  return optionalString(e, 'note', 'elicitation');
}

function strings(e: RawEvent, keys: string[]): string | undefined {
  for (const key of keys) {
    if (typeof e[key] !== 'string') return `${String(e.type)}: "${key}" is not a string`;
  }
  return undefined;
}

function optionalString(e: RawEvent, key: string, where: string): string | undefined {
  return e[key] === undefined || typeof e[key] === 'string'
    ? undefined
    : `${where}: "${key}" is not a string`;
}

function hashOrNull(e: RawEvent, key: string): string | undefined {
  const value = e[key];
  return value === null || (typeof value === 'string' && /^[0-9a-f]{64}$/.test(value))
    ? undefined
    : `${String(e.type)}: "${key}" is neither a content hash nor null`;
}

function stringArray(e: RawEvent, key: string): string | undefined {
  const value = e[key];
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? undefined
    : `${String(e.type)}: "${key}" is not a list of strings`;
}

function status(value: unknown, where: string): string | undefined {
  return typeof value === 'string' && TOOL_STATUSES.has(value)
    ? undefined
    : `${where}: unknown status ${JSON.stringify(value)}`;
}

function isObject(value: unknown): value is RawEvent {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkSubagentTask(e: RawEvent): string | undefined {
  if (e.done === true) return undefined;
  const task = e.task;
  if (!isObject(task)) return 'subagent_task: missing "task"';
  if (task.taskId !== e.taskId) return 'subagent_task: task.taskId differs from taskId';
  for (const field of ['agent', 'description']) {
    if (typeof task[field] !== 'string') return `subagent_task: task.${field} is not a string`;
  }
  if (typeof task.asked !== 'number') return 'subagent_task: task.asked is not a number';
  if (!Array.isArray(task.messages)) return 'subagent_task: task.messages is not an array';
  for (const message of task.messages) {
    if (!isObject(message)) return 'subagent_task: a message is not an object';
    if (message.role === 'assistant') {
      const problem = checkAssistant(message);
      if (problem) return `subagent_task: ${problem}`;
    } else if (typeof message.text !== 'string') {
      return 'subagent_task: a message has no text';
    }
  }
  const pending = task.pending;
  if (!isObject(pending) || typeof pending.callId !== 'string') {
    return 'subagent_task: task.pending has no callId';
  }
  const questions = parseQuestionnaire({ questions: pending.questions });
  if (!questions) return 'subagent_task: task.pending.questions are not questions';
  return optionalString(pending, 'why', 'subagent_task: task.pending');
}
