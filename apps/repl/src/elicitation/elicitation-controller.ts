import type {
  ElicitationRequester,
  FormAnswer,
  FormOutcome,
  FormQuestionnaire,
  UrlRequest,
} from '@agent/tools';
import type { QuestionnaireModel } from '@agent/askuser';
import type { ReplHost } from '../app/extension';
import type { Modal } from '../app/modal';
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
 * The REPL's answer to MCP servers' questions (elicitation): each request opens its card in the
 * transcript, owning the keyboard like the `ask_user` card (the same keys: Enter on the last
 * question accepts, Esc declines; Ctrl+C cancels it, and interrupts the turn if one runs).
 * Aborting `signal` closes the card as cancelled and rejects; nothing stays pending.
 */
export class ElicitationController implements ElicitationRequester {
  constructor(private readonly host: ReplHost) {}

  askForm(form: FormQuestionnaire, signal: AbortSignal): Promise<FormOutcome> {
    if (form.questions.length === 0) return Promise.resolve({ action: 'accept', answers: [] });
    const segment = new ElicitationFormSegment(form, () => this.host.viewportRows());
    const fields = (answers: readonly FormAnswer[]) =>
      form.questions.map((question, i) => ({
        key: question.key,
        question: question.question,
        answer: answers[i] ?? null,
      }));
    const cancelled = { server: form.server, action: 'cancel' as const, fields: fields([]) };
    return this.open(segment, signal, cancelled, (model): FormOutcome => {
      const result = model.result!;
      if (result.cancelled) return { action: 'decline' };
      const answers: FormAnswer[] = form.questions.map((question, i) =>
        toFormAnswer(question, result.answers[i]!, result.custom?.[i] ?? false),
      );
      return { action: 'accept', answers };
    }).then((outcome) => {
      const answers = outcome.action === 'accept' ? outcome.answers : [];
      segment.resolve({ server: form.server, action: outcome.action, fields: fields(answers) });
      this.touch(segment);
      return outcome;
    });
  }

  askUrl(
    request: UrlRequest,
    signal: AbortSignal,
  ): Promise<{ action: 'accept' | 'decline' | 'cancel' }> {
    const segment = new ElicitationUrlSegment(request.server, request.message, request.url, () =>
      this.host.viewportRows(),
    );
    const cancelled = { server: request.server, action: 'cancel' as const, url: request.url };
    return this.open(segment, signal, cancelled, (model) => {
      const result = model.result!;
      const accepted = !result.cancelled && result.answers[0]?.startsWith('Accept') === true;
      return { action: accepted ? ('accept' as const) : ('decline' as const) };
    }).then((outcome) => {
      segment.resolve({ server: request.server, action: outcome.action, url: request.url });
      this.touch(segment);
      return outcome;
    });
  }

  private open<T>(
    segment: Live,
    signal: AbortSignal,
    cancelled: ElicitationOutcome,
    settle: (model: QuestionnaireModel) => T,
  ): Promise<T> {
    if (signal.aborted) return Promise.reject(signal.reason ?? new Error('cancelled'));
    return new Promise<T>((resolve, reject) => {
      this.host.transcript.add(segment);
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
        this.touch(segment);
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
          this.host.followTail();
          this.touch(segment);
        }
      };
      const modal: Modal = {
        hint: HINT,
        handleKey: (key: Key) => route(routeQuestionnaireKey(key)),
        handlePaste: (text: string) => route(routeQuestionnairePaste(text)),
        cancel: () => cancel(new Error('cancelled by the person (Ctrl+C)')),
      };
      signal.addEventListener('abort', onAbort, { once: true });
      close = this.host.modals.open(modal);
      this.host.requestPaint();
    });
  }

  private touch(segment: Live): void {
    this.host.transcript.touch(segment);
    this.host.requestPaint();
  }
}
