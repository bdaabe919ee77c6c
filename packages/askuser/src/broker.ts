import type {
  AnsweredQuestionnaire,
  AskUserRequester,
  Questionnaire,
  QuestionnaireResult,
} from '@agent/tools';

/** A questionnaire waiting for the person, as shown to the UI. */
export interface PendingQuestionnaire {
  /** Distinct per request, so a late answer to an older card is ignored. */
  id: string;
  questionnaire: Questionnaire;
}

/** How a pending questionnaire ended: answered (possibly cancelled with Esc) or aborted. */
export type QuestionnaireSettlement =
  | { id: string; outcome: 'answered'; result: AnsweredQuestionnaire }
  | { id: string; outcome: 'aborted'; reason: unknown };

/** Rejects a second questionnaire while one is pending; never queued. */
export class AskUserBusyError extends Error {
  override name = 'AskUserBusyError';
}

interface Slot {
  request: PendingQuestionnaire;
  resolve(result: QuestionnaireResult): void;
  reject(reason: unknown): void;
  release(): void;
}

/**
 * The REPL's requester: parks one questionnaire until the UI calls `resolve`. A second `ask`
 * while one is pending rejects at once. Aborting the request's signal rejects it with the abort
 * reason and leaves nothing behind: no pending slot, no signal listener, no timer.
 */
export class AskUserBroker implements AskUserRequester {
  private slot: Slot | undefined;
  private nextId = 1;
  private readonly requestListeners = new Set<(request: PendingQuestionnaire) => void>();
  private readonly settleListeners = new Set<(settlement: QuestionnaireSettlement) => void>();

  /** Called when a questionnaire starts waiting. Returns an unsubscribe function. */
  onRequest(listener: (request: PendingQuestionnaire) => void): () => void {
    this.requestListeners.add(listener);
    return () => this.requestListeners.delete(listener);
  }

  /** Called when the pending questionnaire is answered or aborted. Returns an unsubscribe function. */
  onSettle(listener: (settlement: QuestionnaireSettlement) => void): () => void {
    this.settleListeners.add(listener);
    return () => this.settleListeners.delete(listener);
  }

  /** The questionnaire waiting for the person, if any. */
  get pending(): PendingQuestionnaire | undefined {
    return this.slot?.request;
  }

  hasPending(): boolean {
    return this.slot !== undefined;
  }

  ask(questionnaire: Questionnaire, signal: AbortSignal): Promise<QuestionnaireResult> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.slot) {
      return Promise.reject(
        new AskUserBusyError(
          'another questionnaire is already waiting for the user; wait for its answers before asking again',
        ),
      );
    }
    if (this.requestListeners.size === 0) {
      return Promise.reject(new Error('no questionnaire UI is attached to answer questions'));
    }
    const request: PendingQuestionnaire = { id: `q${this.nextId++}`, questionnaire };
    return new Promise<QuestionnaireResult>((resolve, reject) => {
      const onAbort = () => {
        if (this.slot?.request !== request) return;
        this.clear();
        this.emitSettle({ id: request.id, outcome: 'aborted', reason: signal.reason });
        reject(signal.reason);
      };
      this.slot = {
        request,
        resolve,
        reject,
        release: () => signal.removeEventListener('abort', onAbort),
      };
      signal.addEventListener('abort', onAbort, { once: true });
      for (const listener of [...this.requestListeners]) {
        try {
          listener(request);
        } catch (error) {
          if (this.slot?.request !== request) return;
          this.clear();
          this.emitSettle({ id: request.id, outcome: 'aborted', reason: error });
          reject(error);
          return;
        }
      }
    });
  }

  /**
   * Answers the pending questionnaire (with `cancelled: true` for Esc). Returns false when there
   * is nothing pending or `id` names a questionnaire that is no longer pending.
   */
  resolve(result: AnsweredQuestionnaire, id?: string): boolean {
    const slot = this.slot;
    if (!slot || (id !== undefined && slot.request.id !== id)) return false;
    this.clear();
    const copy: AnsweredQuestionnaire = {
      answers: [...result.answers],
      cancelled: result.cancelled,
      ...(result.custom ? { custom: [...result.custom] } : {}),
    };
    this.emitSettle({ id: slot.request.id, outcome: 'answered', result: copy });
    slot.resolve(copy);
    return true;
  }

  private clear(): void {
    const slot = this.slot;
    this.slot = undefined;
    slot?.release();
  }

  private emitSettle(settlement: QuestionnaireSettlement): void {
    for (const listener of [...this.settleListeners]) {
      try {
        listener(settlement);
      } catch {
        // A failing UI listener must not keep the tool waiting.
      }
    }
  }
}
