import type { PermissionDecision, PermissionRequest, PermissionRequester } from '@agent/tools';
import { PermissionCard } from '../permission/permission-card';
import type { CustomSegment } from '../view/segment';
import type { Transcript } from '../view/transcript';
import type { Modal, ModalSlot } from './modal';

/**
 * Shows a permission card for each edit/exec call and waits for the person's answer. "Always"
 * answers are remembered per tool and permission class for the rest of the session; read tools never ask. An abort
 * closes the card and rejects with the abort reason.
 */
export class CardPermissionRequester implements PermissionRequester {
  private readonly alwaysAllowed = new Set<string>();
  private readonly pending = new Set<Pending>();

  constructor(
    private readonly transcript: Transcript,
    private readonly modals: ModalSlot,
    private readonly changed: () => void,
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
    if ((request.permission as string) === 'read' || this.alwaysAllowed.has(alwaysKey(request))) {
      return Promise.resolve({ kind: 'allow' });
    }
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return new Promise<PermissionDecision>((resolve, reject) => {
      const card = new PermissionCard(request);
      const segment: CustomSegment = {
        kind: 'custom',
        render: (width) => card.render(width, this.modals.active !== modal),
      };
      const entry: Pending = {
        key: alwaysKey(request),
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
        hint: 'Enter approves · ↑↓ y/a/n select · type a reason on "No" · Esc denies',
        handleKey: (key) => {
          const result = card.handleKey(key);
          if (result.type === 'decided') {
            finish();
            resolve(result.decision);
            if (result.decision.kind === 'allow' && result.decision.always) {
              this.alwaysAllowed.add(alwaysKey(request));
              for (const other of [...this.pending]) {
                if (other.key === alwaysKey(request)) other.allow();
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
  /** See `alwaysKey`. */
  key: string;
  segment: CustomSegment;
  /** Settles it as allowed (another card said "always" for the same tool). */
  allow(): void;
}

/**
 * What an "always" answer covers: the tool at the permission asked. Always allowing write_file's
 * edits does not allow a write_file the loop raised to `exec` (a write to .git/hooks).
 */
function alwaysKey(request: PermissionRequest): string {
  return `${request.toolName}:${request.permission}`;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('interrupted');
}
