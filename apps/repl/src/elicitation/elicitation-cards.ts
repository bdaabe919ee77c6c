import {
  answerText,
  type FormAnswer,
  type FormOutcome,
  type PersonRequest,
  type UrlOutcome,
} from '@agent/tools';
import type { QuestionnaireModel } from '@agent/askuser';
import type { Modal } from '../app/modal';
import type { CardDesk } from '../person/card-desk';
import type { Key } from '../input/key';
import {
  routeQuestionnaireKey,
  routeQuestionnairePaste,
  type QuestionnaireKeyRoute,
} from '../ask-user/questionnaire-keys';
import {
  ElicitationFormSegment,
  ElicitationUrlSegment,
  type ElicitationOutcome,
} from './elicitation-segment';
import { toFormAnswer } from './form-questions';

const HINT = 'an MCP server asks · Enter on the last answer sends · Esc declines · Ctrl+C cancels';

type Live = ElicitationFormSegment | ElicitationUrlSegment;

/**
 * An MCP server's form (elicitation, form mode) as its card in the transcript, owning the
 * keyboard like the `ask_user` card (the same keys: Enter on the last question accepts, Esc
 * declines; Ctrl+C cancels it, and interrupts the turn if one runs). Aborting the request's
 * signal closes the card as cancelled and rejects; nothing stays pending.
 */
export function presentForm(request: PersonRequest<'form'>, desk: CardDesk): Promise<FormOutcome> {
  const form = request.payload;
  if (form.questions.length === 0) return Promise.resolve({ action: 'accept', answers: [] });
  const segment = new ElicitationFormSegment(form, () => desk.host.viewportRows());
  const fields = (answers: readonly FormAnswer[]) =>
    form.questions.map((question, i) => ({
      key: question.key,
      question: question.question,
      answer: answers[i] ?? null,
    }));
  const cancelled = { server: form.server, action: 'cancel' as const, fields: fields([]) };
  return openCard(segment, request.signal, desk, cancelled, (model): FormOutcome => {
    const result = model.result!;
    if (result.cancelled) return { action: 'decline' };
    const answers: FormAnswer[] = form.questions.map((question, i) =>
      toFormAnswer(question, answerText(result.answers[i]!), result.custom?.[i] ?? false),
    );
    return { action: 'accept', answers };
  }).then((outcome) => {
    const answers = outcome.action === 'accept' ? outcome.answers : [];
    segment.resolve({ server: form.server, action: outcome.action, fields: fields(answers) });
    touch(desk, segment);
    return outcome;
  });
}

/** A server asks the person to open a URL (elicitation, URL mode): asked before anything opens. */
export function presentUrl(request: PersonRequest<'url'>, desk: CardDesk): Promise<UrlOutcome> {
  const { server, message, url } = request.payload;
  const segment = new ElicitationUrlSegment(server, message, url, () => desk.host.viewportRows());
  const cancelled = { server, action: 'cancel' as const, url };
  return openCard(segment, request.signal, desk, cancelled, (model) => {
    const result = model.result!;
    const first = result.answers[0];
    const accepted =
      !result.cancelled && first !== undefined && answerText(first).startsWith('Accept');
    return { action: accepted ? ('accept' as const) : ('decline' as const) };
  }).then((outcome) => {
    segment.resolve({ server, action: outcome.action, url });
    touch(desk, segment);
    return outcome;
  });
}

function openCard<T>(
  segment: Live,
  signal: AbortSignal,
  desk: CardDesk,
  cancelled: ElicitationOutcome,
  settle: (model: QuestionnaireModel) => T,
): Promise<T> {
  const { host } = desk;
  if (signal.aborted) return Promise.reject(signal.reason ?? new Error('cancelled'));
  return new Promise<T>((resolve, reject) => {
    host.transcript.add(segment);
    let close = (): void => undefined;
    let settled = false;
    const finish = (): void => {
      settled = true;
      signal.removeEventListener('abort', onAbort);
      close();
    };
    const cancel = (reason: unknown): void => {
      if (settled) return;
      finish();
      segment.resolve(cancelled);
      touch(desk, segment);
      reject(reason);
    };
    const onAbort = (): void => cancel(signal.reason ?? new Error('cancelled'));
    const route = (routed: QuestionnaireKeyRoute): void => {
      if (routed.kind !== 'action' || !segment.live) return;
      if (!segment.model.dispatch(routed.action)) return;
      if (segment.model.result) {
        finish();
        resolve(settle(segment.model));
      } else {
        // A key on the card brings it back into view (after PageUp scrolled it away).
        host.followTail();
        touch(desk, segment);
      }
    };
    const modal: Modal = {
      hint: HINT,
      // The same card as ask_user's: Shift+Tab goes back a question.
      ownsShiftTab: true,
      handleKey: (key: Key) => route(routeQuestionnaireKey(key)),
      handlePaste: (text: string) => route(routeQuestionnairePaste(text)),
      cancel: () => cancel(new Error('cancelled by the person (Ctrl+C)')),
    };
    signal.addEventListener('abort', onAbort, { once: true });
    close = desk.open(modal).close;
    host.requestPaint();
  });
}

function touch(desk: CardDesk, segment: Live): void {
  desk.host.transcript.touch(segment);
  desk.host.requestPaint();
}
