import {
  imageRef,
  type AssistantMessage,
  type CheckpointMessage,
  type Message,
  type ToolActivity,
  type ToolHistoryMode,
  type UserMessage,
} from '@agent/llm';
import type { AgentMode } from '@agent/llm/config';
import { questionnaireOutput } from '@agent/tool-contract';
import type { CheckpointEvent, QuestionnaireProgress, SessionEvent, UserEvent } from './schema';

/** One tool call of a session: as its assistant event recorded it, and what followed for it. */
export interface CallState {
  /**
   * The call with its `tool_end` merged in (status, summary, retainedOutput, retainedDetails:
   * for ask_user, its recorded outcome `{answers, cancelled, custom, later}`).
   * The same object as in `SessionReducer.messages` while the call is after the last checkpoint.
   */
  readonly activity: ToolActivity;
  /** Whether a `tool_end` was recorded for it; a call without one is open. */
  ended: boolean;
  /** The steps its tool recorded for replay (`tool_progress`: a subagent's calls), in order. */
  readonly steps: string[];
  /** The latest questionnaire progress recorded while it was open; cleared by its `tool_end`. */
  progress?: QuestionnaireProgress;
  /** The o200k tokens its `tool_end` recorded for its result (see `recordedTokens`). */
  o200k?: number;
}

/** Facts about the session as a whole, from every event (checkpoints do not cut them). */
export interface SessionFacts {
  /** The working directory of the first `session_start`. */
  cwd?: string;
  /** The provider and model last in use (the first session start, then provider changes). */
  provider?: string;
  model?: string;
  title?: string;
  /** The latest `settings` choice. */
  toolHistory?: ToolHistoryMode;
  /** The latest recorded mode (absent: the session never recorded one). */
  mode?: AgentMode;
}

const NO_CALLS: readonly CallState[] = [];

/**
 * The one fold over session events that every reader of a session shares (the provider
 * projection, replay, resume): events are applied in order; each `tool_end`,
 * `tool_progress` and `questionnaire_progress` lands on the call it names (the latest call
 * with that id), and a checkpoint replaces the messages before it. Fields of a call this version
 * does not know are left out.
 */
export class SessionReducer {
  readonly facts: SessionFacts = {};
  private current: Message[] = [];
  private readonly calls = new Map<string, CallState>();
  /** The calls of the last message, while it is a model response. */
  private tail: readonly CallState[] = NO_CALLS;
  /** The o200k tokens each message's event recorded (its results excepted). */
  private readonly tokens = new WeakMap<Message, number>();

  /**
   * Folds one event in. Returns the calls an `assistant` event opened (empty for any other
   * event); they stay live: later events update them.
   */
  apply(event: SessionEvent): readonly CallState[] {
    switch (event.type) {
      case 'session_start':
        this.facts.cwd ??= event.cwd;
        this.facts.provider ??= event.provider;
        this.facts.model ??= event.model;
        if (event.title !== undefined) this.facts.title ??= event.title;
        break;
      case 'provider_change':
        this.facts.provider = event.provider;
        this.facts.model = event.model;
        break;
      case 'settings':
        if (event.toolHistory !== undefined) this.facts.toolHistory = event.toolHistory;
        if (event.mode !== undefined) this.facts.mode = event.mode;
        break;
      case 'checkpoint':
        this.current = [this.counted(checkpointMessage(event), event.o200k)];
        this.tail = NO_CALLS;
        break;
      case 'user':
        this.current.push(this.counted(userMessage(event), event.o200k));
        this.tail = NO_CALLS;
        break;
      case 'assistant':
        return this.openCalls(event.message, event.o200k);
      case 'tool_end': {
        const call = this.calls.get(event.callId);
        if (!call) break;
        call.ended = true;
        if (call.progress) {
          // What the progress stood in for (see below): the call's own end replaces it.
          delete call.activity.output;
          delete call.activity.retainedOutput;
          delete call.activity.retainedDetails;
          delete call.progress;
        }
        if (validCount(event.o200k)) call.o200k = event.o200k;
        else delete call.o200k;
        call.activity.status = event.status;
        call.activity.summary = event.summary;
        if (event.retainedOutput !== undefined) call.activity.retainedOutput = event.retainedOutput;
        if (event.questionnaire !== undefined) {
          call.activity.retainedDetails = structuredClone(event.questionnaire);
        } else if (event.retainedDetails !== undefined) {
          call.activity.retainedDetails = event.retainedDetails;
        }
        if (event.approval !== undefined) call.activity.approval = { ...event.approval };
        if (event.answeredOn !== undefined) call.activity.answeredOn = event.answeredOn;
        break;
      }
      case 'tool_progress':
        this.calls.get(event.callId)?.steps.push(event.text);
        break;
      case 'questionnaire_progress': {
        const call = this.calls.get(event.callId);
        if (call && !call.ended) {
          const { answers, custom, later } = event;
          call.progress = {
            answers: [...answers],
            custom: [...custom],
            ...(later ? { later } : {}),
          };
          // Should the call never end (a crash), these answers are its result: a resume that
          // cannot offer it again still gives them to the model (ASK_USER.md §10).
          const output = questionnaireOutput({ answers, cancelled: true, later }, true);
          call.activity.output = output;
          call.activity.retainedOutput = output;
          call.activity.retainedDetails = {
            answers: [...answers],
            cancelled: true,
            custom: [...custom],
            ...(later ? { later } : {}),
          };
        }
        break;
      }
      default:
        break;
    }
    return NO_CALLS;
  }

  /** The history from the last checkpoint on, calls as they stand (open ones still `pending`). */
  get messages(): readonly Message[] {
    return this.current;
  }

  /** The o200k tokens the event of `message` recorded (see `recordedTokens`). */
  recordedTokens(message: Message): number | undefined {
    return this.tokens.get(message);
  }

  /** The latest call with this id, anywhere in the session. */
  call(id: string): CallState | undefined {
    return this.calls.get(id);
  }

  /**
   * The calls still open (no `tool_end`) in the last message, when that message is a model
   * response: nothing but tool events came after it (no user message, no checkpoint). These are
   * the calls a crash or quit left running.
   */
  openTail(): CallState[] {
    return this.tail.filter((call) => !call.ended);
  }

  private counted<T extends Message>(message: T, o200k: unknown): T {
    if (validCount(o200k)) this.tokens.set(message, o200k);
    return message;
  }

  private openCalls(recorded: AssistantMessage, o200k: unknown): readonly CallState[] {
    const message: AssistantMessage = this.counted(
      {
        role: 'assistant',
        text: recorded.text,
        toolCalls: recorded.toolCalls.map(copyActivity),
      },
      o200k,
    );
    if (recorded.usage !== undefined) message.usage = { ...recorded.usage };
    if (recorded.provider !== undefined) message.provider = recorded.provider;
    if (recorded.model !== undefined) message.model = recorded.model;
    const opened = message.toolCalls.map((activity) => {
      const call: CallState = { activity, ended: false, steps: [] };
      this.calls.set(activity.id, call);
      return call;
    });
    this.current.push(message);
    this.tail = opened;
    return opened;
  }
}

/** The state of a whole session (see `SessionReducer`). */
export function reduceSession(events: readonly SessionEvent[]): SessionReducer {
  const reducer = new SessionReducer();
  for (const event of events) reducer.apply(event);
  return reducer;
}

function copyActivity(call: ToolActivity): ToolActivity {
  const copy: ToolActivity = {
    id: call.id,
    name: call.name,
    input: call.input,
    status: call.status,
    summary: call.summary,
  };
  if (call.retainedOutput !== undefined) copy.retainedOutput = call.retainedOutput;
  if (call.retainedDetails !== undefined) copy.retainedDetails = call.retainedDetails;
  return copy;
}

/** A recorded token count as the file has it: used only when it is a count at all. */
function validCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** The message a checkpoint event stands for. */
export function checkpointMessage(event: CheckpointEvent): CheckpointMessage {
  return event.decisions && event.decisions.length > 0
    ? { role: 'checkpoint', summary: event.summary, decisions: event.decisions }
    : { role: 'checkpoint', summary: event.summary };
}

/** The message a user event stands for; images by reference (their bytes are loaded later). */
export function userMessage(event: UserEvent): UserMessage {
  const message: UserMessage = { role: 'user', text: event.text };
  if (event.amends) message.amends = { ...event.amends };
  if (event.images?.length) message.images = event.images.map(imageRef);
  return message;
}
