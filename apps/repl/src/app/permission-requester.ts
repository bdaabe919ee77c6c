import type { PermissionDecision, PermissionRequest, PermissionRequester } from '@agent/tools';
// The light entry point: the card requester is made before the first paint.
import { ruleCovers } from '@agent/tools/permission-rules';
import type { PermissionCard as Card } from '../permission/permission-card';
import type { CustomSegment } from '../view/segment';
import type { Transcript } from '../view/transcript';
import { awaitingLine, markWaiting, settleLine } from './call-approval';
import type { Modal, ModalSlot } from './modal';

/**
 * Shows a permission card for each edit/exec call and waits for the person's answer; read tools
 * never ask. While it waits, the call's status line says so; once answered, the card gives way
 * to that line, which then records the decision (calls without a line keep the answered card). An "always" answer carries its rule (the runtime remembers it) and also answers the
 * other cards waiting for something it covers. An abort closes the card and rejects with the
 * abort reason.
 */
export class CardPermissionRequester implements PermissionRequester {
  private readonly pending = new Set<Pending>();

  constructor(
    private readonly transcript: Transcript,
    private readonly modals: ModalSlot,
    private readonly changed: () => void,
    /** Rows the transcript shows, so a card's diff window leaves its options on screen. */
    private readonly screenRows: () => number | undefined = () => undefined,
  ) {
    modals.onChange(() => {
      for (const entry of this.pending) this.transcript.touch(entry.segment);
    });
  }

  request(request: PermissionRequest, signal: AbortSignal): Promise<PermissionDecision> {
    if ((request.permission as string) === 'read') return Promise.resolve({ kind: 'allow' });
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return new Promise<PermissionDecision>((resolve, reject) => {
      // Loaded with the first card, not at start-up.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { PermissionCard } = require('../permission/permission-card') as {
        PermissionCard: typeof Card;
      };
      const card = new PermissionCard(request);
      const line = awaitingLine(this.transcript, request);
      if (line) markWaiting(this.transcript, line);
      const segment: CustomSegment = {
        kind: 'custom',
        render: (width) => card.render(width, this.modals.active !== modal, this.screenRows()),
      };
      const entry: Pending = {
        request,
        segment,
        allow: (rule) => {
          card.decided = { kind: 'allow', always: true, rule };
          finish();
          resolve({ kind: 'allow' });
        },
      };
      const finish = (): void => {
        this.pending.delete(entry);
        signal.removeEventListener('abort', onAbort);
        close();
        if (line) {
          this.transcript.remove(segment);
          settleLine(this.transcript, line, card.interrupted ? undefined : card.decided);
        } else this.transcript.touch(segment);
        this.changed();
      };
      const onAbort = (): void => {
        if (card.decided) return;
        card.interrupt();
        finish();
        reject(abortReason(signal));
      };
      const modal: Modal = {
        get hint() {
          return card.scrollable
            ? 'Enter approves · PgUp/PgDn j/k scroll the diff · Ctrl+O shows all · Esc denies'
            : 'Enter confirms the selected row · ↑↓ or its letter select · type a reason on "No" · Esc denies';
        },
        handlesPaging: () => card.scrollable,
        handleKey: (key) => {
          const result = card.handleKey(key);
          if (result.type === 'decided') {
            finish();
            resolve(result.decision);
            const { decision } = result;
            if (decision.kind === 'allow' && decision.always) {
              const rule = decision.rule ?? request.toolName;
              for (const other of [...this.pending]) {
                if (ruleCovers(rule, other.request)) other.allow(rule);
              }
            }
          } else if (result.type === 'changed') this.transcript.touch(segment);
        },
        handlePaste: (text) => {
          if (card.paste(text).type === 'changed') this.transcript.touch(segment);
        },
      };
      this.pending.add(entry);
      this.transcript.add(segment);
      const close = this.modals.open(modal);
      signal.addEventListener('abort', onAbort, { once: true });
      this.changed();
    });
  }
}

/** A card waiting for its answer. */
interface Pending {
  request: PermissionRequest;
  segment: CustomSegment;
  /** Settles it as allowed (another card's "always" rule covers it). */
  allow(rule: string): void;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('interrupted');
}
