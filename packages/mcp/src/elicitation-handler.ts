import type { ElicitationRequester, FormOutcome, FormQuestionnaire } from '@agent/tools';
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
  /** Who asks the person; absent (headless, subagents): every request is declined at once. */
  requester: () => ElicitationRequester | undefined;
  onRecord?: (record: ElicitationRecord) => void;
}

/**
 * Answers one `elicitation/create` request: form mode through the requester's questionnaire,
 * URL mode by asking before anything is opened. Any of `signals` aborting (the server's
 * cancellation, the connection closing, the tool call that caused it being interrupted) cancels
 * the question and replies `cancel`; with no requester the reply is `decline`, at once.
 */
export async function handleElicitation(
  server: string,
  params: ElicitRequest['params'],
  signals: AbortSignal[],
  deps: ElicitationDeps,
): Promise<ElicitResult> {
  const requester = deps.requester();
  const signal = AbortSignal.any(signals);
  if (params.mode === 'url') {
    const base = { mode: 'url' as const, server, message: params.message, url: params.url };
    if (!requester) {
      deps.onRecord?.({ ...base, action: 'decline', note: 'no person can answer here' });
      return { action: 'decline' };
    }
    try {
      const { action } = await requester.askUrl(
        { server, message: params.message, url: params.url },
        signal,
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
  if (!requester) {
    deps.onRecord?.({ ...base, action: 'decline', note: 'no person can answer here' });
    return { action: 'decline' };
  }
  let outcome: FormOutcome;
  try {
    outcome = await requester.askForm(form.questionnaire, signal);
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
