import {
  abortReason,
  ApprovedByMode,
  type PermissionDecision,
  type PersonRequest,
} from '@agent/tools';
// The light entry point: the approval presenter is made before the first paint.
import { coverWaiting } from '@agent/tools/permission-rules';
import type { PermissionCard as Card } from '../permission/permission-card';
import type { CustomSegment } from '../view/segment';
import { awaitingLine, markWaiting, settleLine } from '../app/call-approval';
import type { Modal } from '../app/modal';
import type { CardDesk } from './card-desk';

/**
 * Shows a permission card for an edit/exec call and resolves with the person's answer. While it
 * waits, the call's status line says so; once answered, the card gives way to that line, which
 * then records the decision (calls without a line keep the answered card). An "always" answer
 * carries its rule (the runtime remembers it) and also answers the approvals waiting behind it
 * that the rule covers, without showing them. An abort closes the card and rejects with the
 * abort reason.
 */
export function presentApproval(
  request: PersonRequest<'approval'>,
  desk: CardDesk,
): Promise<PermissionDecision> {
  const { host } = desk;
  const { transcript } = host;
  const payload = request.payload;
  const { signal } = request;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<PermissionDecision>((resolve, reject) => {
    // Loaded with the first card, not at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { PermissionCard } = require('../permission/permission-card') as {
      PermissionCard: typeof Card;
    };
    const card = new PermissionCard(payload);
    const line = awaitingLine(transcript, payload);
    if (line) markWaiting(transcript, line);
    const segment: CustomSegment = {
      kind: 'custom',
      render: (width) => card.render(width, !slot.active(), host.viewportRows()),
    };
    const finish = (byMode?: ApprovedByMode): void => {
      signal.removeEventListener('abort', onAbort);
      slot.close();
      if (line) {
        transcript.remove(segment);
        const decided = byMode ? { kind: 'allow' as const } : card.decided;
        settleLine(transcript, line, card.interrupted && !byMode ? undefined : decided);
        if (byMode) line.approval = `Allowed by ${byMode.mode} mode`;
      } else transcript.touch(segment);
      host.requestPaint();
    };
    const onAbort = (): void => {
      if (card.decided) return;
      card.interrupt();
      finish(signal.reason instanceof ApprovedByMode ? signal.reason : undefined);
      reject(abortReason(signal));
    };
    const modal: Modal = {
      get hint() {
        return card.scrollable
          ? 'Enter approves · PgUp/PgDn j/k scroll · Ctrl+O all · Esc denies'
          : 'Enter confirms · ↑↓ or a letter selects · Esc denies';
      },
      handlesPaging: () => card.scrollable,
      handleKey: (key) => {
        const result = card.handleKey(key);
        if (result.type === 'decided') {
          finish();
          const { decision } = result;
          settleCovered(desk, decision);
          resolve(decision);
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
  });
}

/** The approvals waiting behind the card that its answer also answered say so on their lines. */
function settleCovered(desk: CardDesk, decision: PermissionDecision): void {
  const { transcript } = desk.host;
  for (const other of coverWaiting(desk, decision)) {
    const line = awaitingLine(transcript, other.payload);
    if (line) settleLine(transcript, line, decision);
  }
}
