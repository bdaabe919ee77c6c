import type { SessionWriter } from '@agent/session';
import type { QuestionnaireProgress } from '@agent/tools';

/** Where a session keeps each questionnaire answer as it is given, and finds it again. */
export interface AnswerKeeper {
  /** Writes the answers so far of call `callId` to the session file, at once. */
  record(callId: string, progress: QuestionnaireProgress): void;
  /** The answers a call had before the process went away (a resumed session), if any. */
  earlier(callId: string): QuestionnaireProgress | undefined;
}

/**
 * The keeper of a session: answers go to its file at once while the turn's events are recorded
 * (not after the session was left for resume); a failed write is reported, never thrown.
 */
export function sessionKeeper(deps: {
  writer: () => SessionWriter | undefined;
  recording: () => boolean;
  earlier: (callId: string) => QuestionnaireProgress | undefined;
  onError: (error: Error) => void;
}): AnswerKeeper {
  return {
    record: (callId, progress) => {
      const writer = deps.writer();
      if (!writer || !deps.recording()) return;
      writer.recordQuestionnaireProgress(callId, progress).catch(deps.onError);
    },
    earlier: deps.earlier,
  };
}
