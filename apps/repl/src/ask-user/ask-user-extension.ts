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
    const segment = this.host.transcript.add(new QuestionnaireSegment(request.questionnaire));
    const modal: Modal = {
      hint: HINT,
      handleKey: (key: Key) => this.route(routeQuestionnaireKey(key)),
      handlePaste: (text: string) => this.route(routeQuestionnairePaste(text)),
    };
    this.current = { request, segment, close: () => undefined };
    this.current.close = this.host.modals.open(modal);
    this.host.requestPaint();
  }

  private route(route: QuestionnaireKeyRoute): void {
    const open = this.current;
    const model = open?.segment.model;
    if (!open || !model || route.kind !== 'action') return;
    if (!model.dispatch(route.action)) return;
    const result = model.result;
    if (result) this.broker.resolve(result, open.request.id);
    else this.host.transcript.touch(open.segment);
    this.host.requestPaint();
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
  const result = activity.status === 'ok' && output ? parseQuestionnaireResult(output) : undefined;
  if (result) return new QuestionnaireSegment(questionnaire, { result });
  if (activity.status === 'interrupted') {
    return new QuestionnaireSegment(questionnaire, { interrupted: true });
  }
  return undefined;
}

/**
 * The REPL extension of `ask_user`: the tool and its system-prompt guidance for the primary
 * agent, the broker as the loop's requester, the card, and the replayed summaries.
 */
export function askUserExtension(host: ReplHost): ReplExtension {
  const broker = new AskUserBroker();
  new QuestionnaireController(broker, host);
  return {
    tools: [createAskUserTool()],
    systemPromptSections: [ASK_USER_GUIDANCE],
    askUser: broker,
    replaySegment: replayAskUser,
  };
}
