import { createAskUserTool, type QuestionnaireModel } from '@agent/askuser';
import { AnsweredElsewhere } from '@agent/runtime';
import type { CallEntry } from '@agent/session';
import type { AnsweredQuestionnaire, PersonRequest } from '@agent/tools';
import { elsewhere } from '../app/approval-text';
import type { ReplExtension, ReplHost } from '../app/extension';
import type { Modal } from '../app/modal';
import type { Key } from '../input/key';
import { openCardSegment, type CardDesk, type CardReply } from '../person/card-desk';
import {
  routeQuestionnaireKey,
  routeQuestionnairePaste,
  type QuestionnaireKeyRoute,
} from './questionnaire-keys';
import { QuestionnaireSegment } from './questionnaire-segment';

const HINT = 'answering questions · Esc cancels';

/**
 * Shows an `ask_user` questionnaire as a card in the transcript that owns the keyboard until it
 * is answered, cancelled with Esc (`cancelled: true`), or the turn is interrupted (the request's
 * signal: the card closes unanswered); then the card becomes its compact summary. Keys reach the
 * card's model as key actions, which it maps onto its intents; the model reports each change of
 * the answers given so far to the request's `onProgress`, and takes in those given on another
 * front end (the web page) as they come.
 */
export function presentQuestionnaire(
  request: PersonRequest<'questionnaire'>,
  desk: CardDesk,
  answer: CardReply<'questionnaire'>,
): void {
  const { host } = desk;
  const { signal } = request;
  if (signal.aborted) return;
  const screen = { rows: () => host.viewportRows() };
  const { questionnaire, answered, review, decided } = request.payload;
  const segment = new QuestionnaireSegment(questionnaire, undefined, screen, {
    ...(answered ? { answered } : {}),
    ...(review ? { review } : {}),
    ...(decided?.length ? { preset: decided } : {}),
    onProgress: (progress) => request.payload.onProgress?.(progress),
  });
  const interrupted = (): void => {
    // Answered first on another front end (the web page): the card shows that answer.
    const elsewhere = signal.reason instanceof AnsweredElsewhere ? signal.reason : undefined;
    if (elsewhere?.answer?.kind === 'questionnaire') {
      segment.resolve(copyResult(elsewhere.answer.result), elsewhere.by);
    } else segment.interrupt();
  };
  const route = (routed: QuestionnaireKeyRoute): void => {
    const model = segment.model;
    if (!model || routed.kind !== 'action') return;
    if (!model.dispatch(routed.action)) return;
    // Built afresh from the answer sheet: the summary and the answer may share it.
    const result = model.result;
    if (result) {
      segment.resolve(result);
      settle();
      answer({ kind: 'questionnaire', result });
      return;
    }
    host.transcript.touch(segment);
    // A key on the card brings it back into view (after PageUp scrolled the transcript away).
    host.followTail();
    host.requestPaint();
  };
  const modal: Modal = {
    hint: HINT,
    ownsShiftTab: true,
    handleKey: (key: Key) => route(routeQuestionnaireKey(key)),
    handlePaste: (text: string) => route(routeQuestionnairePaste(text)),
    handlePage: (direction) => page(host, segment, direction),
  };
  const settle = openCardSegment(desk, segment, modal, signal, interrupted);
  // Answers given on the web page meanwhile: filled in, never reported back from here.
  desk.onProgress?.((progress) => {
    if (!segment.model?.adopt(progress)) return;
    host.transcript.touch(segment);
    host.requestPaint();
  });
  // The answers filled in from before count as given: an interrupt now still keeps them.
  if (answered && !review && segment.model) reportProgress(request, segment.model);
  host.requestPaint();
}

function reportProgress(request: PersonRequest<'questionnaire'>, model: QuestionnaireModel): void {
  try {
    request.payload.onProgress?.(model.progress);
  } catch {
    // A failing listener must not break the card.
  }
}

/** An answer given on another front end, copied for the summary (the tool gets the original). */
function copyResult(result: AnsweredQuestionnaire): AnsweredQuestionnaire {
  return {
    answers: result.answers.map((answer) => (typeof answer === 'string' ? answer : [...answer])),
    cancelled: result.cancelled,
    ...(result.custom ? { custom: [...result.custom] } : {}),
    ...(result.later
      ? {
          later: result.later.map((entry) => ({
            ...entry,
            answer: typeof entry.answer === 'string' ? entry.answer : [...entry.answer],
          })),
        }
      : {}),
  };
}

function page(host: ReplHost, segment: QuestionnaireSegment, direction: -1 | 1): boolean {
  if (!segment.scrollQuestion(direction)) return false;
  host.followTail();
  host.transcript.touch(segment);
  return true;
}

/** A saved questionnaire call as its compact summary; undefined when it cannot be read back. */
export function replayAskUser(call: CallEntry): QuestionnaireSegment | undefined {
  const saved = call.kind === 'questionnaire' ? call.saved : undefined;
  if (!saved) return undefined;
  if (saved.state === 'answered') {
    const answeredOn = elsewhere(call.answeredOn);
    return new QuestionnaireSegment(saved.questionnaire, {
      result: saved.result,
      ...(answeredOn ? { answeredOn } : {}),
    });
  }
  return new QuestionnaireSegment(saved.questionnaire, {
    interrupted: true,
    ...(saved.answers ? { answers: saved.answers } : {}),
    ...(saved.custom ? { custom: saved.custom } : {}),
    ...(saved.later ? { later: saved.later } : {}),
  });
}

/**
 * The REPL extension of `ask_user`: the tool (its system-prompt guidance comes with it) for the
 * primary agent, the questionnaire card of the person channel, and the replayed summaries. With
 * `--max-ask-user 0` the tool and its guidance are absent; saved calls still replay.
 */
export function askUserExtension(host: ReplHost): ReplExtension {
  const enabled = host.settings.maxAskUser > 0;
  return {
    tools: enabled ? [createAskUserTool()] : [],
    presenters: { questionnaire: presentQuestionnaire },
    replaySegment: replayAskUser,
  };
}
