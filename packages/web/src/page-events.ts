import type { Card, ConversationEvent } from '@agent/runtime';

/** The most of one tool's output the page shows (the rest stays in the session). */
const OUTPUT_SHOWN = 4000;

/** One card as the page draws it: plain JSON (no signal, no callbacks). */
export interface PageCard {
  id: string;
  kind: Card['request']['kind'];
  title: string;
  /** An approval's preview (a diff for edits) and its choices, as the runtime computed them. */
  preview?: string;
  choices?: Card['choices'];
  /** A questionnaire's questions. */
  questions?: Array<{ question: string; options: string[]; multiSelect: boolean }>;
}

/** What the page hears on its event stream, one JSON object per server-sent event. */
export type PageEvent =
  | { type: 'hello'; busy: boolean; shown?: PageCard; waiting: PageCard[] }
  | { type: 'turn_started'; prompt?: string }
  | { type: 'turn_ended'; reason: string; error?: string }
  | { type: 'text'; text: string }
  | { type: 'assistant_done' }
  | { type: 'steered'; text: string }
  | {
      type: 'tool';
      id: string;
      name: string;
      title?: string;
      status: string;
      summary?: string;
      output?: string;
    }
  | { type: 'notice'; text: string }
  | { type: 'card_shown'; card: PageCard }
  | { type: 'card_waiting'; card: PageCard }
  | {
      type: 'card_closed';
      id: string;
      how: 'answered' | 'withdrawn';
      by?: string;
      reason?: string;
    };

export function pageCard(card: Card): PageCard {
  const { request } = card;
  const base = { id: request.id, kind: request.kind };
  switch (request.kind) {
    case 'approval':
      return {
        ...base,
        title: request.payload.title,
        ...(request.payload.preview ? { preview: request.payload.preview } : {}),
        ...(card.choices ? { choices: card.choices } : {}),
      };
    case 'questionnaire':
      return {
        ...base,
        title: 'Questions',
        questions: request.payload.questionnaire.questions.map((q) => ({
          question: q.question,
          options: [...q.options],
          multiSelect: q.multiSelect === true,
        })),
      };
    default:
      return { ...base, title: `A ${request.kind} request (answer it in the terminal)` };
  }
}

/** The page's view of one conversation event; undefined for what the page does not show. */
export function pageEvent(event: ConversationEvent): PageEvent | undefined {
  switch (event.type) {
    case 'turn_started':
      return {
        type: 'turn_started',
        ...(event.prompt !== undefined ? { prompt: event.prompt } : {}),
      };
    case 'turn_ended':
      return {
        type: 'turn_ended',
        reason: event.result.reason,
        ...(event.result.error ? { error: event.result.error } : {}),
      };
    case 'card_shown':
      return { type: 'card_shown', card: pageCard(event.card) };
    case 'card_waiting':
      return { type: 'card_waiting', card: pageCard(event.card) };
    case 'card_closed':
      return event.closing.how === 'answered'
        ? { type: 'card_closed', id: event.id, how: 'answered', by: event.closing.by }
        : { type: 'card_closed', id: event.id, how: 'withdrawn', reason: event.closing.reason };
    case 'history':
      return { type: 'notice', text: 'A saved session was resumed.' };
    case 'runtime':
      return runtimeEvent(event.event);
  }
}

function runtimeEvent(
  event: Extract<ConversationEvent, { type: 'runtime' }>['event'],
): PageEvent | undefined {
  switch (event.type) {
    case 'text_delta':
      return { type: 'text', text: event.text };
    case 'assistant_message':
      return { type: 'assistant_done' };
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
    case 'tool_end':
      return {
        type: 'tool',
        id: event.activity.id,
        name: event.activity.name,
        status: event.activity.status,
        ...(event.result.summary ? { summary: event.result.summary } : {}),
        output: event.result.output.slice(0, OUTPUT_SHOWN),
      };
    case 'notice':
      return { type: 'notice', text: event.text };
    case 'provider_retry':
      return { type: 'notice', text: `The model request failed (${event.reason}); retrying.` };
    default:
      return undefined;
  }
}
