import {
  askPerson,
  type FormOutcome,
  type FormQuestionnaire,
  type PersonChannel,
} from '@agent/tools';
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { buildElicitationForm } from './elicitation-form';

/** One elicitation exchange, for the session and the UI: what was asked and how it ended. */
export type ElicitationRecord =
  | {
      mode: 'form';
      server: string;
      questionnaire: FormQuestionnaire;
      action: ElicitResult['action'];
      /** The content sent back when accepted: the person's own answers. */
      content?: ElicitResult['content'];
      /** Why the exchange ended without an answer from the person (no requester, an error). */
      note?: string;
    }
  | {
      mode: 'url';
      server: string;
      message: string;
      url: string;
      action: ElicitResult['action'];
      note?: string;
    };

export interface ElicitationDeps {
  /**
   * The person channel; absent, or not answering forms (headless, subagents): every request is
   * declined at once.
   */
  person: () => PersonChannel | undefined;
  onRecord?: (record: ElicitationRecord) => void;
}

/**
 * Answers one `elicitation/create` request through the person channel: form mode as a form,
 * URL mode by asking before anything is opened. Any of `signals` aborting (the server's
 * cancellation, the connection closing, the tool call that caused it being interrupted) cancels
 * the question and replies `cancel`; with nobody to answer the reply is `decline`, at once.
 */
export async function handleElicitation(
  server: string,
  params: ElicitRequest['params'],
  signals: AbortSignal[],
  deps: ElicitationDeps,
): Promise<ElicitResult> {
  const channel = deps.person();
  const person = channel?.canAnswer(params.mode === 'url' ? 'url' : 'form') ? channel : undefined;
  const signal = AbortSignal.any(signals);
  if (params.mode === 'url') {
    const base = { mode: 'url' as const, server, message: params.message, url: params.url };
    if (!person) {
      deps.onRecord?.({ ...base, action: 'decline', note: 'no person can answer here' });
      return { action: 'decline' };
    }
    try {
      const { action } = await askPerson(
        person,
        'url',
        { server, message: params.message, url: params.url },
        { signal },
      );
      deps.onRecord?.({ ...base, action });
      return { action };
    } catch (error) {
      deps.onRecord?.({ ...base, action: 'cancel', note: reasonOf(error, signal) });
      return { action: 'cancel' };
    }
  }

  const form = buildElicitationForm(server, params.message, params.requestedSchema);
  const base = { mode: 'form' as const, server, questionnaire: form.questionnaire };
  if (!person) {
    deps.onRecord?.({ ...base, action: 'decline', note: 'no person can answer here' });
    return { action: 'decline' };
  }
  let outcome: FormOutcome;
  try {
    outcome = await askPerson(person, 'form', form.questionnaire, { signal });
  } catch (error) {
    deps.onRecord?.({ ...base, action: 'cancel', note: reasonOf(error, signal) });
    return { action: 'cancel' };
  }
  if (outcome.action !== 'accept') {
    deps.onRecord?.({ ...base, action: outcome.action });
    return { action: outcome.action };
  }
  const mapped = form.toContent(outcome.answers);
  if (!mapped.ok) {
    deps.onRecord?.({
      ...base,
      action: 'cancel',
      note: `answers did not fit the form: ${mapped.error}`,
    });
    return { action: 'cancel' };
  }
  deps.onRecord?.({ ...base, action: 'accept', content: mapped.content });
  return { action: 'accept', content: mapped.content };
}

function reasonOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'interrupted';
  return error instanceof Error ? error.message : String(error);
}
