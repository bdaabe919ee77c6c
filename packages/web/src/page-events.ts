import type { ConversationEvent } from '@agent/runtime';
import {
  AMENDED_NOTE,
  compactionNote,
  providerText,
  turnEndText,
  undoneText,
  type CallEntry,
  type TranscriptEntry,
} from '@agent/session';
import { savedQuestionnaireText } from '@agent/tools';
import { pageApprovalWords } from './approval-words';
import { pageCard, progressGiven, type PageCard, type PageGiven } from './page-cards';
import { WEB_PAGE } from './web-page-name';

/** The most of one tool's output the page shows (the rest stays in the session). */
const OUTPUT_SHOWN = 4000;

/**
 * One line of the transcript as the page draws it, from the session's transcript entries (the
 * view model every replay uses). A call keeps its id, so the live events update it.
 */
export type PageEntry =
  | { kind: 'prompt'; text: string }
  | { kind: 'assistant'; text: string }
  | {
      kind: 'call';
      id: string;
      title: string;
      state: string;
      summary?: string;
      /** How its approval went (or where its card was answered), in words. */
      approval?: string;
      output?: string;
      diff?: string;
    }
  | { kind: 'notice'; text: string };

/** What the page was shown live of a call and the session does not keep: its output, its diff. */
export interface CallExtras {
  output?: string;
  diff?: string;
}

/** What the page hears on its event stream, one JSON object per server-sent event. */
export type PageEvent =
  /** The conversation so far: the page draws it in place of what it showed. */
  | { type: 'transcript'; entries: PageEntry[] }
  | { type: 'hello'; busy: boolean; shown?: PageCard; waiting: PageCard[] }
  | { type: 'turn_started'; prompt?: string }
  /** `said`: how a turn that did not end normally is worded, as a replay of it words it. */
  | { type: 'turn_ended'; reason: string; error?: string; said?: string }
  | { type: 'text'; text: string }
  /** The assistant's whole message: the streamed text, complete (also for a page that joined late). */
  | { type: 'assistant_done'; text: string }
  | { type: 'steered'; text: string }
  | {
      type: 'tool';
      id: string;
      name: string;
      title?: string;
      status: string;
      summary?: string;
      /** How its approval went, once it ended (see `pageApprovalWords`). */
      approval?: string;
      output?: string;
      diff?: string;
    }
  | { type: 'notice'; text: string }
  | { type: 'card_shown'; card: PageCard }
  | { type: 'card_waiting'; card: PageCard }
  /** The shown questionnaire's answers so far, per question, given here or on another front end. */
  | { type: 'card_progress'; id: string; given: PageGiven[]; by: string }
  | {
      type: 'card_closed';
      id: string;
      how: 'answered' | 'withdrawn';
      by?: string;
      reason?: string;
    };

/** The transcript entries as the page draws them, with what it saw live of each call. */
export function pageEntries(
  entries: readonly TranscriptEntry[],
  extras: ReadonlyMap<string, CallExtras>,
): PageEntry[] {
  return entries.flatMap((entry): PageEntry[] => {
    switch (entry.kind) {
      case 'prompt':
        return [{ kind: 'prompt', text: entry.shown }];
      case 'shell':
        return [{ kind: 'prompt', text: `!${entry.command}` }, shellCall(entry)];
      case 'assistant':
        return [{ kind: 'assistant', text: entry.text }];
      case 'tool':
      case 'questionnaire':
      case 'plan':
        return [callLine(entry, extras)];
      case 'amended':
        return [{ kind: 'notice', text: AMENDED_NOTE }, callLine(entry.call, extras)];
      case 'compaction':
        return [{ kind: 'notice', text: `(${compactionNote(entry)})` }];
      case 'turn_end':
        return [{ kind: 'notice', text: turnEndText(entry.reason) }];
      case 'undo':
        return [{ kind: 'notice', text: undoneText(entry) }];
      case 'provider':
        return [{ kind: 'notice', text: `(${providerText(entry)})` }];
      case 'mode':
        return [{ kind: 'notice', text: `Mode: ${entry.mode}.` }];
      case 'notice':
        return [{ kind: 'notice', text: entry.text }];
      default:
        return [];
    }
  });
}

/** A person's `!command`: its call and output, as the live run showed them. */
function shellCall(entry: Extract<TranscriptEntry, { kind: 'shell' }>): PageEntry {
  return {
    kind: 'call',
    id: entry.id,
    title: `! ${entry.command}`,
    state: entry.state,
    ...(entry.summary ? { summary: entry.summary } : {}),
    ...(entry.output ? { output: entry.output } : {}),
  };
}

function callLine(
  entry: Extract<TranscriptEntry, { kind: 'tool' | 'questionnaire' | 'plan' }>,
  extras: ReadonlyMap<string, CallExtras>,
): PageEntry {
  const seen = extras.get(entry.id);
  const output = answersText(entry) ?? seen?.output;
  const approval = pageApprovalWords(entry);
  return {
    kind: 'call',
    id: entry.id,
    title: entry.title,
    // "open": a call a resumed session offers again, which waits for the person (its card).
    state: entry.state === 'open' ? 'waiting' : entry.state,
    ...(entry.summary ? { summary: entry.summary } : {}),
    ...(approval ? { approval } : {}),
    ...(output ? { output } : {}),
    ...(seen?.diff ? { diff: seen.diff } : {}),
  };
}

/**
 * A finished questionnaire's questions and answers as every front end words them (typed,
 * cancelled, interrupted; an amended one as amended); undefined for another call, or one that
 * waits for its answers (its card shows them).
 */
function answersText(entry: CallEntry | undefined): string | undefined {
  if (entry?.kind !== 'questionnaire' || !entry.saved) return undefined;
  if (entry.state === 'running' || entry.state === 'open') return undefined;
  return savedQuestionnaireText(entry.saved);
}

/**
 * The page's view of one conversation event; undefined for what the page does not show.
 * `callOf`: a call's transcript entry as it stands (`Conversation.transcriptCall`), so a
 * questionnaire that ends shows its answers as a replay of it does.
 */
export function pageEvent(
  event: ConversationEvent,
  callOf: (id: string) => CallEntry | undefined = () => undefined,
): PageEvent | undefined {
  switch (event.type) {
    case 'turn_started':
      return {
        type: 'turn_started',
        // What the transcript shows of it (a mention's file is attached to what the model got).
        ...(event.prompt !== undefined ? { prompt: event.display ?? event.prompt } : {}),
        ...(event.shell !== undefined ? { prompt: `!${event.shell}` } : {}),
      };
    case 'turn_ended': {
      const { reason, error } = event.result;
      return {
        type: 'turn_ended',
        reason,
        ...(error ? { error } : {}),
        ...(reason !== 'done' ? { said: turnEndText(reason) } : {}),
      };
    }
    case 'card_shown':
      return { type: 'card_shown', card: pageCard(event.card) };
    case 'card_waiting':
      return { type: 'card_waiting', card: pageCard(event.card) };
    case 'card_progress':
      // Not back to the page that gave them: by the time they arrive, its person may have
      // typed on, and those newer edits must stay (another page open meanwhile has them on reload).
      if (event.by === WEB_PAGE) return undefined;
      return { type: 'card_progress', id: event.id, given: progressGiven(event), by: event.by };
    case 'card_closed':
      return event.closing.how === 'answered'
        ? { type: 'card_closed', id: event.id, how: 'answered', by: event.closing.by }
        : { type: 'card_closed', id: event.id, how: 'withdrawn', reason: event.closing.reason };
    case 'history':
      return { type: 'notice', text: 'A saved session was resumed.' };
    case 'new_session':
      return { type: 'notice', text: 'A new session was started.' };
    case 'prompt_dropped':
      // Nothing to show: the post that sent the prompt was answered with its reason.
      return undefined;
    case 'runtime':
      return runtimeEvent(event.event, callOf);
  }
}

function runtimeEvent(
  event: Extract<ConversationEvent, { type: 'runtime' }>['event'],
  callOf: (id: string) => CallEntry | undefined,
): PageEvent | undefined {
  switch (event.type) {
    case 'text_delta':
      return { type: 'text', text: event.text };
    case 'assistant_message':
      return { type: 'assistant_done', text: event.message.text };
    case 'user_message':
      return { type: 'steered', text: event.text };
    case 'tool_start':
      return {
        type: 'tool',
        id: event.activity.id,
        name: event.activity.name,
        title: event.title,
        status: 'running',
      };
    case 'tool_end': {
      const approval = pageApprovalWords(callOf(event.activity.id) ?? event.activity);
      return {
        type: 'tool',
        id: event.activity.id,
        name: event.activity.name,
        status: event.activity.status,
        ...(event.result.summary ? { summary: event.result.summary } : {}),
        ...(approval ? { approval } : {}),
        output: (answersText(callOf(event.activity.id)) ?? event.result.output).slice(
          0,
          OUTPUT_SHOWN,
        ),
        ...(event.result.diff ? { diff: event.result.diff.slice(0, OUTPUT_SHOWN) } : {}),
      };
    }
    case 'notice':
      return { type: 'notice', text: event.text };
    case 'provider_retry':
      return { type: 'notice', text: `The model request failed (${event.reason}); retrying.` };
    default:
      return undefined;
  }
}
