import type { Card, ConversationEvent } from '@agent/runtime';
import {
  givenAnswers,
  type Answer,
  type FormQuestion,
  type QuestionnaireAsk,
  type QuestionnaireProgress,
} from '@agent/tools';

/** One card as the page draws it: plain JSON (no signal, no callbacks). */
export interface PageCard {
  id: string;
  kind: Card['request']['kind'];
  title: string;
  /** An approval's preview (a diff for edits) and its choices, as the runtime computed them. */
  preview?: string;
  choices?: Card['choices'];
  /** A questionnaire's questions. */
  questions?: PageQuestion[];
  /** A plan card's plan (Markdown, shown as text), and its choices as the runtime words them. */
  plan?: string;
  planChoices?: Card['planChoices'];
  /** An MCP server's form or URL request: the server, its message, its fields or its link. */
  server?: string;
  message?: string;
  fields?: FormQuestion[];
  url?: string;
}

/** One question of a questionnaire card. */
export interface PageQuestion {
  question: string;
  options: string[];
  multiSelect: boolean;
  /**
   * Its answer given so far: before the card was offered again (a crash, a closed terminal), or
   * on another front end (the terminal) before this page joined.
   */
  given?: { answer: Answer; custom: boolean };
  /** A decision the person kept for it: preselected, recorded only once the person confirms it. */
  decided?: { answer: Answer; decidedAt: string };
}

/** One question's answer given so far, or null when it has none yet. */
export type PageGiven = { answer: Answer; custom: boolean } | null;

/** A card as the page draws it: each kind's words and data, plain JSON. */
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
        questions: pageQuestions(request.payload),
      };
    case 'plan':
      return {
        ...base,
        title: 'The plan',
        plan: request.payload.plan,
        ...(card.planChoices ? { planChoices: card.planChoices } : {}),
      };
    case 'form':
      return {
        ...base,
        title: `${request.payload.server} asks you to fill in a form`,
        server: request.payload.server,
        message: request.payload.message,
        fields: request.payload.questions,
      };
    case 'url':
      return {
        ...base,
        title: `${request.payload.server} asks you to open a link`,
        server: request.payload.server,
        message: request.payload.message,
        url: request.payload.url,
      };
  }
}

function pageQuestions(ask: QuestionnaireAsk): PageQuestion[] {
  const { answered, decided = [] } = ask;
  const given = pageGiven(ask.questionnaire.questions.length, answered);
  return ask.questionnaire.questions.map((q, index) => {
    const earlier = given[index] ?? undefined;
    const kept = decided.find((entry) => entry.question === index);
    return {
      question: q.question,
      options: [...q.options],
      multiSelect: q.multiSelect === true,
      ...(earlier ? { given: earlier } : {}),
      ...(kept && !earlier ? { decided: { answer: kept.answer, decidedAt: kept.decidedAt } } : {}),
    };
  });
}

/** Each question's answer in `progress` (null: none yet), as the page fills it in. */
function pageGiven(total: number, progress: QuestionnaireProgress | undefined): PageGiven[] {
  return givenAnswers(progress, total).map((entry) => entry ?? null);
}

/** The answers so far of a `card_progress` event, per question of its card. */
export function progressGiven(
  event: Extract<ConversationEvent, { type: 'card_progress' }>,
): PageGiven[] {
  const { progress } = event;
  const last = Math.max(
    progress.answers.length,
    ...(progress.later ?? []).map((entry) => entry.question + 1),
  );
  return pageGiven(last, progress);
}
