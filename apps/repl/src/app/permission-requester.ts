import type { PermissionDecision, PermissionRequest, PermissionRequester } from '@agent/tools';
import { PermissionCard } from '../permission/permission-card';
import type { CustomSegment } from '../view/segment';
import type { Transcript } from '../view/transcript';
import type { ModalSlot } from './modal';

/**
 * Shows a permission card for each edit/exec call and waits for the person's answer. "Always"
 * answers are remembered per tool for the rest of the session; read tools never ask. An abort
 * closes the card and rejects with the abort reason.
 */
export class CardPermissionRequester implements PermissionRequester {
  private readonly alwaysAllowed = new Set<string>();

  constructor(
    private readonly transcript: Transcript,
    private readonly modals: ModalSlot,
    private readonly changed: () => void,
  ) {}

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
      const card = new PermissionCard(request);
      const segment: CustomSegment = { kind: 'custom', render: (width) => card.render(width) };
      this.transcript.add(segment);
      const finish = (): void => {
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
      const close = this.modals.open({
        hint: 'Enter approves · ↑↓ y/a/n select · type a reason on "No" · Esc denies',
        handleKey: (key) => {
          const result = card.handleKey(key);
          if (result.type === 'decided') {
            if (result.decision.kind === 'allow' && result.decision.always) {
              this.alwaysAllowed.add(request.toolName);
            }
            finish();
            resolve(result.decision);
          } else if (result.type === 'changed') this.transcript.touch(segment);
        },
        handlePaste: (text) => {
          if (card.paste(text).type === 'changed') this.transcript.touch(segment);
        },
      });
      signal.addEventListener('abort', onAbort, { once: true });
      this.changed();
    });
  }
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('interrupted');
}
