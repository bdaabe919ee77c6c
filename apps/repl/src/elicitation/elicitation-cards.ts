import { answerText, type FormAnswer, type FormOutcome, type PersonRequest } from '@agent/tools';
import type { QuestionnaireModel } from '@agent/askuser';
import type { Modal } from '../app/modal';
import type { CardDesk, CardReply } from '../person/card-desk';
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
 * signal closes the card as cancelled, unanswered; nothing stays pending.
 */
export function presentForm(
  request: PersonRequest<'form'>,
  desk: CardDesk,
  answer: CardReply<'form'>,
): void {
  const form = request.payload;
  if (form.questions.length === 0) {
    // Answered once it is shown everywhere, not while it is being shown.
    queueMicrotask(() => answer({ kind: 'form', outcome: { action: 'accept', answers: [] } }));
    return;
  }
  const segment = new ElicitationFormSegment(form, () => desk.host.viewportRows());
  const fields = (answers: readonly FormAnswer[]) =>
    form.questions.map((question, i) => ({
      key: question.key,
      question: question.question,
      answer: answers[i] ?? null,
    }));
  const cancelled = { server: form.server, action: 'cancel' as const, fields: fields([]) };
  openCard(segment, request.signal, desk, cancelled, answer, (model) => {
    const result = model.result!;
    const outcome: FormOutcome = result.cancelled
      ? { action: 'decline' }
      : {
          action: 'accept',
          answers: form.questions.map((question, i) =>
            toFormAnswer(question, answerText(result.answers[i]!), result.custom?.[i] ?? false),
          ),
        };
    const answers = outcome.action === 'accept' ? outcome.answers : [];
    segment.resolve({ server: form.server, action: outcome.action, fields: fields(answers) });
    touch(desk, segment);
    answer({ kind: 'form', outcome });
  });
}

/** A server asks the person to open a URL (elicitation, URL mode): asked before anything opens. */
export function presentUrl(
  request: PersonRequest<'url'>,
  desk: CardDesk,
  answer: CardReply<'url'>,
): void {
  const { server, message, url } = request.payload;
  const segment = new ElicitationUrlSegment(server, message, url, () => desk.host.viewportRows());
  const cancelled = { server, action: 'cancel' as const, url };
  openCard(segment, request.signal, desk, cancelled, answer, (model) => {
    const result = model.result!;
    const first = result.answers[0];
    const accepted =
      !result.cancelled && first !== undefined && answerText(first).startsWith('Accept');
    const action = accepted ? ('accept' as const) : ('decline' as const);
    segment.resolve({ server, action, url });
    touch(desk, segment);
    answer({ kind: 'url', outcome: { action } });
  });
}

/**
 * Opens `segment`'s card until the person answers it (`answered`, its model resolved) or cancels
 * it with Ctrl+C (`refuse`: its call fails), or the signal aborts (closed, unanswered); a card
 * cancelled either way shows `cancelled`.
 */
function openCard(
  segment: Live,
  signal: AbortSignal,
  desk: CardDesk,
  cancelled: ElicitationOutcome,
  refuse: (given: { refused: string }) => void,
  answered: (model: QuestionnaireModel) => void,
): void {
  const { host } = desk;
  if (signal.aborted) return;
  host.transcript.add(segment);
  let close = (): void => undefined;
  let settled = false;
  const finish = (): void => {
    settled = true;
    signal.removeEventListener('abort', onAbort);
    close();
  };
  const cancel = (): boolean => {
    if (settled) return false;
    finish();
    segment.resolve(cancelled);
    touch(desk, segment);
    return true;
  };
  const onAbort = (): void => void cancel();
  const route = (routed: QuestionnaireKeyRoute): void => {
    if (routed.kind !== 'action' || !segment.live) return;
    if (!segment.model.dispatch(routed.action)) return;
    if (segment.model.result) {
      finish();
      answered(segment.model);
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
    cancel: () => {
      if (cancel()) refuse({ refused: 'cancelled by the person (Ctrl+C)' });
    },
  };
  signal.addEventListener('abort', onAbort, { once: true });
  close = desk.open(modal).close;
  host.requestPaint();
}

function touch(desk: CardDesk, segment: Live): void {
  desk.host.transcript.touch(segment);
  desk.host.requestPaint();
}
