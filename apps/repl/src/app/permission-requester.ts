import type { PermissionDecision, PermissionRequest, PermissionRequester } from '@agent/tools';
import type { PermissionCard as Card } from '../permission/permission-card';
import type { CustomSegment } from '../view/segment';
import type { Transcript } from '../view/transcript';
import type { Modal, ModalSlot } from './modal';

/**
 * Shows a permission card for each edit/exec call and waits for the person's answer. "Always"
 * answers are remembered per tool for the rest of the session; read tools never ask. An abort
 * closes the card and rejects with the abort reason.
 */
export class CardPermissionRequester implements PermissionRequester {
  private readonly alwaysAllowed = new Set<string>();
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

  /** Forgets "always allow" answers (a new session). */
  reset(): void {
    this.alwaysAllowed.clear();
  }

  request(request: PermissionRequest, signal: AbortSignal): Promise<PermissionDecision> {
    if ((request.permission as string) === 'read' || this.alwaysAllowed.has(request.toolName)) {
      return Promise.resolve({ kind: 'allow' });
    }
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return new Promise<PermissionDecision>((resolve, reject) => {
      // Loaded with the first card, not at start-up.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { PermissionCard } = require('../permission/permission-card') as {
        PermissionCard: typeof Card;
      };
      const card = new PermissionCard(request);
      const segment: CustomSegment = {
        kind: 'custom',
        render: (width) => card.render(width, this.modals.active !== modal, this.screenRows()),
      };
      const entry: Pending = {
        toolName: request.toolName,
        segment,
        allow: () => {
          card.decided = { kind: 'allow', always: true };
          finish();
          resolve(card.decided);
        },
      };
      const finish = (): void => {
        this.pending.delete(entry);
        signal.removeEventListener('abort', onAbort);
        close();
        this.transcript.touch(segment);
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
            : 'Enter approves · ↑↓ y/a/n select · type a reason on "No" · Esc denies';
        },
        handlesPaging: () => card.scrollable,
        handleKey: (key) => {
          const result = card.handleKey(key);
          if (result.type === 'decided') {
            finish();
            resolve(result.decision);
            if (result.decision.kind === 'allow' && result.decision.always) {
              this.alwaysAllowed.add(request.toolName);
              for (const other of [...this.pending]) {
                if (other.toolName === request.toolName) other.allow();
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
  toolName: string;
  segment: CustomSegment;
  /** Settles it as allowed (another card said "always" for the same tool). */
  allow(): void;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('interrupted');
}
