import { AnsweredElsewhere, type Card } from '@agent/runtime';
import type { CallEntry } from '@agent/session';
import type { PersonRequest, PlanDecision } from '@agent/tools';
import { elsewhere } from '../app/approval-text';
import type { ReplExtension } from '../app/extension';
import type { Modal } from '../app/modal';
import { openCardSegment, type CardDesk, type CardReply } from '../person/card-desk';
import type { CustomSegment } from '../view/segment';
import { PlanCard, planSummary } from './plan-card';

const HINT =
  'Enter decides · ↑↓ select · type a note to keep planning · PgUp/PgDn scroll the plan · Esc sends it back';

/**
 * Shows a presented plan as a card in the transcript that owns the keyboard until the person
 * decides (approve for accept-edits or default, or keep planning with a note; Esc: keep planning
 * without one), which answers it, another front end decides first, or the turn is interrupted.
 * Then it becomes its summary.
 */
export function presentPlan(
  request: PersonRequest<'plan'>,
  desk: CardDesk,
  answer: CardReply<'plan'>,
  offered: Card,
): void {
  const { host } = desk;
  const { signal } = request;
  if (signal.aborted) return;
  const card = new PlanCard(request.payload.plan, offered.planChoices);
  const segment: CustomSegment = {
    kind: 'custom',
    render: (width) => card.render(width, host.viewportRows()),
    layoutKey: () => (card.decided || card.interrupted ? 0 : host.viewportRows()),
  };
  const changed = (result: ReturnType<PlanCard['handleKey']>): void => {
    if (result === 'decided' && card.decided) {
      settle();
      answer({ kind: 'plan', decision: card.decided });
    } else if (result === 'changed') {
      host.followTail();
      host.transcript.touch(segment);
    }
  };
  const modal: Modal = {
    hint: HINT,
    handlesPaging: () => card.scrollable,
    handleKey: (key) => changed(card.handleKey(key)),
    handlePaste: (text) => changed(card.paste(text)),
    editable: {
      what: 'plan',
      text: () => card.plan,
      replace: (text) => {
        card.replacePlan(text);
        host.transcript.touch(segment);
      },
    },
  };
  const closed = (): void => {
    // Decided first on another front end (the web page): the card shows that decision.
    const elsewhere = signal.reason instanceof AnsweredElsewhere ? signal.reason : undefined;
    if (elsewhere?.answer?.kind === 'plan')
      card.decidedElsewhere(elsewhere.answer.decision, elsewhere.by);
    else card.interrupt();
  };
  const settle = openCardSegment(desk, segment, modal, signal, closed);
  host.requestPaint();
}

/** A saved plan call as its compact summary; undefined when it cannot be read back. */
export function replayPlan(call: CallEntry): CustomSegment | undefined {
  if (call.kind !== 'plan') return undefined;
  const { plan } = call;
  if (plan === undefined) return undefined;
  const decision = savedDecision(call.decision);
  const answeredOn = elsewhere(call.answeredOn);
  return { kind: 'custom', render: (width) => planSummary(plan, decision, width, answeredOn) };
}

function savedDecision(details: unknown): PlanDecision | undefined {
  const saved = details as Partial<PlanDecision> | undefined;
  if (saved?.decision === 'approve' && (saved.mode === 'accept-edits' || saved.mode === 'default'))
    return { decision: 'approve', mode: saved.mode };
  if (saved?.decision === 'keep-planning' && typeof saved.note === 'string')
    return { decision: 'keep-planning', note: saved.note };
  if (saved?.decision === 'unanswered' && typeof saved.by === 'string')
    return { decision: 'unanswered', by: saved.by };
  return undefined;
}

/** Plan mode's card and its replayed summaries (the tool itself is the runtime's). */
export function planExtension(): ReplExtension {
  return { presenters: { plan: presentPlan }, replaySegment: replayPlan };
}
