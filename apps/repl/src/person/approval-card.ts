import { AnsweredElsewhere, type Card as ConversationCard } from '@agent/runtime';
import { ApprovedByMode, type PersonRequest } from '@agent/tools';
import type { ApprovalPick, PermissionCard as Card } from '../permission/permission-card';
import type { CustomSegment } from '../view/segment';
import { awaitingLine, markWaiting, settleLine } from '../app/call-approval';
import type { Modal } from '../app/modal';
import type { CardDesk, CardReply } from './card-desk';

/**
 * Shows a permission card for an edit/exec call and answers it with the person's choice. While it
 * waits, the call's status line says so; once answered, the card gives way to that line, which
 * then records the decision (calls without a line keep the answered card). It draws the choices
 * the runtime computed for the call and answers with the id of the one picked (what it does, an
 * "always" rule and the approvals it covers, is the runtime's). An abort closes the card.
 */
export function presentApproval(
  request: PersonRequest<'approval'>,
  desk: CardDesk,
  answer: CardReply<'approval'>,
  shown: ConversationCard,
): void {
  const { host } = desk;
  const { transcript } = host;
  const payload = request.payload;
  const { signal } = request;
  if (signal.aborted) return;
  // Loaded with the first card, not at start-up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PermissionCard } = require('../permission/permission-card') as {
    PermissionCard: typeof Card;
  };
  const card = new PermissionCard(payload, shown.choices!);
  const line = awaitingLine(transcript, payload);
  if (line) markWaiting(transcript, line);
  const segment: CustomSegment = {
    kind: 'custom',
    render: (width) => {
      // The status bar's hint, drawn before the card, says whether PgUp/PgDn scroll its diff.
      const scrollable = card.scrollable;
      const rows = card.render(width, !slot.active(), host.viewportRows());
      if (card.scrollable !== scrollable) host.requestPaint();
      return rows;
    },
    layoutKey: () => (card.decided || card.interrupted ? 0 : host.viewportRows()),
  };
  const finish = (byMode?: ApprovedByMode, elsewhere?: Elsewhere): void => {
    signal.removeEventListener('abort', onAbort);
    slot.close();
    if (line) {
      transcript.remove(segment);
      const decided = byMode ? ALLOWED : (elsewhere?.pick ?? card.decided);
      const undecided = card.interrupted && !byMode && !elsewhere;
      settleLine(transcript, line, undecided ? undefined : decided);
    } else transcript.touch(segment);
    host.requestPaint();
  };
  const onAbort = (): void => {
    if (card.decided) return;
    card.interrupt();
    const reason: unknown = signal.reason;
    finish(
      reason instanceof ApprovedByMode ? reason : undefined,
      reason instanceof AnsweredElsewhere ? pickedElsewhere(reason, shown) : undefined,
    );
  };
  const modal: Modal = {
    get hint() {
      return card.hint;
    },
    handlesPaging: () => card.scrollable,
    strayKey: (key) => card.strayKey(key),
    snapshot: () => {
      const restore = card.snapshot();
      return () => {
        restore();
        transcript.touch(segment);
      };
    },
    handleKey: (key) => {
      const result = card.handleKey(key);
      if (result.type === 'decided') {
        finish();
        const { choice, reason } = result.pick;
        answer({
          kind: 'approval',
          choice: choice.id,
          ...(reason !== undefined ? { reason } : {}),
        });
      } else if (result.type === 'changed') transcript.touch(segment);
    },
    handlePaste: (text) => {
      if (card.paste(text).type === 'changed') transcript.touch(segment);
    },
  };
  const slot = desk.open(modal);
  transcript.add(segment);
  signal.addEventListener('abort', onAbort, { once: true });
  host.requestPaint();
}

/** How a call the mode approved shows on its line. */
const ALLOWED: ApprovalPick = {
  choice: { id: 'once', kind: 'allow_once', label: 'Allowed by the mode' },
};

/** An approval answered first on another front end: the choice picked there. */
interface Elsewhere {
  pick: ApprovalPick;
}

function pickedElsewhere(
  reason: AnsweredElsewhere,
  shown: ConversationCard,
): Elsewhere | undefined {
  const { answer } = reason;
  if (answer?.kind !== 'approval') return undefined;
  const choice = shown.choices?.choices.find((c) => c.id === answer.choice);
  if (!choice) return undefined;
  return {
    pick: { choice, ...(answer.reason !== undefined ? { reason: answer.reason } : {}) },
  };
}
