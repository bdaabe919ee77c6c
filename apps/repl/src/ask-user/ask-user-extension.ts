import {
  ASK_USER_GUIDANCE,
  ASK_USER_TOOL_NAME,
  AskUserBroker,
  createAskUserTool,
  type PendingQuestionnaire,
  type QuestionnaireSettlement,
} from '@agent/askuser';
import type { ToolActivity } from '@agent/llm';
import { parseQuestionnaire, parseQuestionnaireResult } from '@agent/tools';
import type { ReplExtension, ReplHost } from '../app/extension';
import type { Modal } from '../app/modal';
import type { Key } from '../input/key';
import {
  routeQuestionnaireKey,
  routeQuestionnairePaste,
  type QuestionnaireKeyRoute,
} from './questionnaire-keys';
import { QuestionnaireSegment } from './questionnaire-segment';

const HINT = 'answering questions · Esc cancels';

interface Open {
  request: PendingQuestionnaire;
  segment: QuestionnaireSegment;
  close: () => void;
}

/**
 * Shows questionnaires from the `ask_user` broker as a card in the transcript that owns the
 * keyboard (the active modal) until it is answered, cancelled with Esc, or the turn is
 * interrupted; then the card becomes its compact summary and the modal closes.
 */
export class QuestionnaireController {
  private current: Open | undefined;
  private readonly unsubscribe: Array<() => void>;

  constructor(
    readonly broker: AskUserBroker,
    private readonly host: ReplHost,
  ) {
    this.unsubscribe = [
      broker.onRequest((request) => this.open(request)),
      broker.onSettle((settlement) => this.settled(settlement)),
    ];
  }

  /** The segment of the questionnaire on screen, if one is open. */
  get active(): QuestionnaireSegment | undefined {
    return this.current?.segment;
  }

  dispose(): void {
    for (const stop of this.unsubscribe) stop();
  }

  private open(request: PendingQuestionnaire): void {
    const screen = { rows: () => this.host.viewportRows() };
    const segment = this.host.transcript.add(
      new QuestionnaireSegment(request.questionnaire, undefined, screen),
    );
    const modal: Modal = {
      hint: HINT,
      handleKey: (key: Key) => this.route(routeQuestionnaireKey(key, segment.model)),
      handlePaste: (text: string) => this.route(routeQuestionnairePaste(text)),
      handlePage: (direction) => this.page(segment, direction),
    };
    this.current = { request, segment, close: () => undefined };
    this.current.close = this.host.modals.open(modal);
    this.host.requestPaint();
  }

  private route(route: QuestionnaireKeyRoute): void {
    const open = this.current;
    const model = open?.segment.model;
    if (!open || !model || route.kind !== 'action') return;
    const answered = model.answers.length;
    if (!model.dispatch(route.action)) return;
    if (model.answers.length !== answered) {
      this.broker.progress(open.request.id, {
        answers: [...model.answers],
        custom: [...model.custom],
      });
    }
    const result = model.result;
    if (result) this.broker.resolve(result, open.request.id);
    else this.host.transcript.touch(open.segment);
    // A key on the card brings it back into view (after PageUp scrolled the transcript away).
    this.host.followTail();
    this.host.requestPaint();
  }

  private page(segment: QuestionnaireSegment, direction: -1 | 1): boolean {
    if (!segment.scrollQuestion(direction)) return false;
    this.host.followTail();
    this.host.transcript.touch(segment);
    return true;
  }

  private settled(settlement: QuestionnaireSettlement): void {
    const open = this.current;
    if (!open || open.request.id !== settlement.id) return;
    this.current = undefined;
    if (settlement.outcome === 'answered') open.segment.resolve(settlement.result);
    else open.segment.interrupt();
    open.close();
    this.host.transcript.touch(open.segment);
    this.host.requestPaint();
  }
}

/** A saved `ask_user` call as its compact summary; undefined when it cannot be read back. */
export function replayAskUser(activity: ToolActivity): QuestionnaireSegment | undefined {
  if (activity.name !== ASK_USER_TOOL_NAME) return undefined;
  const questionnaire = parseQuestionnaire(activity.input);
  if (!questionnaire || questionnaire.questions.length === 0) return undefined;
  const output = activity.retainedOutput ?? activity.output;
  const parsed = output ? parseQuestionnaireResult(output) : undefined;
  const custom = recordedCustom(activity.retainedDetails);
  if (activity.status === 'ok' && parsed) {
    return new QuestionnaireSegment(questionnaire, {
      result: custom ? { ...parsed, custom } : parsed,
    });
  }
  if (activity.status === 'interrupted') {
    // The answers given before the interrupt, as the model got them; unknown in older files.
    return new QuestionnaireSegment(questionnaire, {
      interrupted: true,
      ...(parsed ? { answers: parsed.answers } : {}),
      ...(custom ? { custom } : {}),
    });
  }
  return undefined;
}

/** The session's record of which answers were typed, when it has one. */
function recordedCustom(details: unknown): boolean[] | undefined {
  const custom = (details as { custom?: unknown } | undefined)?.custom;
  return Array.isArray(custom) && custom.every((flag) => typeof flag === 'boolean')
    ? custom
    : undefined;
}

/**
 * The REPL extension of `ask_user`: the tool and its system-prompt guidance for the primary
 * agent, the broker as the loop's requester, the card, and the replayed summaries. With
 * `--max-ask-user 0` the tool and its guidance are absent; saved calls still replay.
 */
export function askUserExtension(host: ReplHost): ReplExtension {
  const broker = new AskUserBroker();
  new QuestionnaireController(broker, host);
  const enabled = host.settings.maxAskUser > 0;
  return {
    tools: enabled ? [createAskUserTool()] : [],
    systemPromptSections: enabled ? [ASK_USER_GUIDANCE] : [],
    askUser: broker,
    replaySegment: replayAskUser,
  };
}
