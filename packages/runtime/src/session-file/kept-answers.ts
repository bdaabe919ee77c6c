import type { SessionWriter } from '@agent/session';
import type {
  PersonAnswer,
  PersonChannel,
  PersonRequest,
  PersonRequestKind,
  QuestionnaireProgress,
} from '@agent/tools';

/** Where a session keeps each questionnaire answer as it is given, and finds it again. */
export interface AnswerKeeper {
  /** Writes the answers so far of call `callId` to the session file, at once. */
  record(callId: string, progress: QuestionnaireProgress): void;
  /** The answers a call had before the process went away (a resumed session), if any. */
  earlier(callId: string): QuestionnaireProgress | undefined;
}

/**
 * `channel` with every questionnaire kept from its first answer: each answer
 * the person gives is recorded in the session as it happens, and a questionnaire offered again
 * after a crash opens with the answers given before filled in. Other requests pass unchanged.
 */
export function keepingAnswers(channel: PersonChannel, keeper: AnswerKeeper): PersonChannel {
  return {
    canAnswer: (kind) => channel.canAnswer(kind),
    ask: <K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> => {
      const callId = request.toolCallId;
      if (request.kind !== 'questionnaire' || callId === undefined) return channel.ask(request);
      const asked = request as PersonRequest<'questionnaire'>;
      const { onProgress } = asked.payload;
      const answered = asked.payload.answered ?? keeper.earlier(callId);
      const kept: PersonRequest<'questionnaire'> = {
        ...asked,
        payload: {
          ...asked.payload,
          ...(answered ? { answered } : {}),
          onProgress: (progress) => {
            keeper.record(callId, progress);
            onProgress?.(progress);
          },
        },
      };
      return channel.ask(kept as unknown as PersonRequest<K>);
    },
  };
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
