/** The turn (or person's shell command) that is running: how to stop it, when it has ended. */
export interface RunningTurn {
  abort: AbortController;
  soft: AbortController;
  done: Promise<void>;
  /** The user event id of the running turn, which the edits it makes belong to. */
  turnId?: string;
}

/** Lets one turn run at a time, and stops it: at once (Ctrl+C) or after its tool batch (Esc). */
export class TurnGate {
  private running: RunningTurn | undefined;

  get busy(): boolean {
    return this.running !== undefined;
  }

  get current(): RunningTurn | undefined {
    return this.running;
  }

  /** Starts a turn; throws when one is running. `finish` ends it and opens the gate again. */
  start(): { running: RunningTurn; finish: () => void } {
    if (this.running) throw new Error('a turn is already running');
    let resolve!: () => void;
    const running: RunningTurn = {
      abort: new AbortController(),
      soft: new AbortController(),
      done: new Promise<void>((done) => (resolve = done)),
    };
    this.running = running;
    const finish = (): void => {
      this.running = undefined;
      resolve();
    };
    return { running, finish };
  }

  /** Esc: finish the current tool batch, start no new model call. */
  softStop(): void {
    this.running?.soft.abort();
  }

  /** Ctrl+C: end the turn at once. Resolves when the loop has ended. */
  async interrupt(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.abort.abort(new Error('interrupted by the person'));
    await running.done;
  }
}
