import {
  checkImageCount,
  closeDanglingCalls,
  runToolLoop,
  type Amendment,
  type ImagePart,
  type LoopEvent,
  type Message,
  type ToolHistoryMode,
  type UserMessage,
} from '@agent/llm';
import type { PersonChannel, ToolRegistry } from '@agent/tools';
import type { AgentSessionOptions, TurnResult } from '../session/agent-session-options';
import type { ContextMeter } from '../context-window/context-meter';
import type { ConversationView } from '../session/conversation-view';
import type { ImageStore } from '../images';
import type { SessionModes } from '../modes/session-modes';
import type { OpenQuestions } from './open-questions';
import type { ResumedTurn } from './resumed-turn';
import type { SessionCallIds } from './session-call-ids';
import type { SessionCompaction } from '../context-window/session-compaction';
import type { SessionFile } from '../session-file/session-file';
import type { RunningTurn, TurnGate } from './turn-gate';
import { promptHooks, turnHooks } from '../hooks/hook-points';
import type { SessionHooks } from '../hooks/session-hooks';

/** What a prompt's turn may carry besides its text (see AgentSession.runTurn). */
export interface TurnOptions {
  display?: string;
  amends?: Amendment;
  images?: readonly ImagePart[];
  /** What the turn's first model request waits for (see LoopOptions.beforeFirstRequest). */
  beforeFirstRequest?: (signal: AbortSignal) => Promise<void>;
}

/** The session's parts one turn works with. */
export interface TurnParts {
  options: AgentSessionOptions;
  conversation: ConversationView;
  gate: TurnGate;
  file: SessionFile;
  images: ImageStore;
  compaction: SessionCompaction;
  resumed: ResumedTurn;
  questions: OpenQuestions;
  meter: ContextMeter;
  modes: SessionModes;
  channel: PersonChannel;
  offered: ToolRegistry;
  hooks: SessionHooks;
  callIds: SessionCallIds;
  system(): string;
  maxInteractive(): number;
  toolHistory(): ToolHistoryMode;
}

/**
 * Runs a session's turns, one at a time (the gate): the prompt recorded, automatic compaction
 * before it, the tool loop with its events recorded and passed on, and the messages typed into
 * the running turn (steering) handed to the loop at its next step.
 */
export class SessionTurn {
  /** Messages sent into the running model turn, not yet given to the model; none between turns. */
  private steering: string[] | undefined;
  /** Whether this session's SessionStart hooks have run (before its first prompt). */
  private started = false;

  constructor(private readonly parts: TurnParts) {}

  /** Sends `text` into the running model turn; false when none runs (nothing was taken). */
  steer(text: string): boolean {
    if (!this.steering) return false;
    this.steering.push(text);
    return true;
  }

  /** One prompt's tool loop to its end, or the continuation of what a resume left open. Never throws. */
  async run(prompt: string | undefined, options: TurnOptions = {}): Promise<TurnResult> {
    const { gate, resumed, conversation } = this.parts;
    const { onEvent } = this.parts.options;
    const { running, finish } = gate.start();
    const signal = running.abort.signal;
    // A prompt instead of continuing what a resumed session left open closes it as interrupted.
    if (prompt !== undefined && resumed.openCalls.length > 0) {
      conversation.messages = closeDanglingCalls(conversation.messages);
    }
    resumed.started();
    try {
      const images = prompt === undefined ? [] : [...(options.images ?? [])];
      checkImageCount(images.length);
      await this.parts.images.save(images);
      const writer = await this.parts.file.ensure();
      await conversation.providerReady(signal);
      let sent = prompt;
      if (prompt !== undefined) {
        const hooked = await this.promptHooks(prompt, signal);
        if (hooked.block !== undefined) {
          const end = { type: 'turn_end', reason: 'error', error: hooked.block } as const;
          onEvent(end);
          return { reason: 'error', messages: [], error: hooked.block };
        }
        if (hooked.context !== undefined) sent = `${prompt}\n\n${hooked.context}`;
        await this.parts.compaction.compactIfFull(writer, signal);
      }
      // A continued turn's edits belong to the prompt that started it.
      // What hooks added goes to the model; the transcript shows the prompt as typed.
      const display = options.display ?? (sent === prompt ? undefined : prompt);
      running.turnId =
        sent === undefined
          ? writer.lastUserEventId
          : writer.recordUser(sent, display, options.amends, images).id;
      const asked: UserMessage = { role: 'user', text: sent ?? '' };
      if (options.amends) asked.amends = { ...options.amends };
      if (images.length > 0) asked.images = images;
      const history: Message[] =
        prompt === undefined ? conversation.messages : [...conversation.messages, asked];
      conversation.messages = history;
      // Interrupted while compacting: the prompt is kept (recorded above), the model not asked.
      if (signal.aborted) {
        const end = { type: 'turn_end', reason: 'interrupted' } as const;
        writer.recordLoopEvent(end);
        await this.parts.file.flush(writer);
        onEvent(end);
        return { reason: 'interrupted', messages: [] };
      }
      const steering: string[] = [];
      this.steering = steering;
      const result = await this.loop(
        {
          resume: prompt === undefined,
          history,
          running,
          steering,
          ready: options.beforeFirstRequest,
        },
        (event) => writer.recordLoopEvent(event),
      );
      this.steering = undefined;
      const base = prompt === undefined ? history.slice(0, -1) : history;
      conversation.messages = [...base, ...result.conversation];
      this.parts.meter.carry(
        history,
        conversation.messages,
        result.messages,
        this.parts.toolHistory(),
      );
      await this.parts.file.flush(writer);
      const turn: TurnResult = { reason: result.reason, messages: result.messages };
      if (result.error !== undefined) turn.error = result.error;
      if (steering.length > 0) turn.unsent = steering.splice(0);
      return turn;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      onEvent({ type: 'turn_end', reason: 'error', error: message });
      return { reason: 'error', messages: [], error: message };
    } finally {
      this.steering = undefined;
      // A crashed turn leaves nothing running: in-flight tool calls (MCP requests) are cancelled.
      if (!signal.aborted) running.abort.abort(new Error('the turn ended'));
      resumed.ended();
      finish();
    }
  }

  /** The prompt's hooks; the session's SessionStart hooks first, before its first prompt. */
  private promptHooks(prompt: string, signal: AbortSignal) {
    const { conversation, hooks, options } = this.parts;
    const start = this.started
      ? undefined
      : conversation.messages.length > 0
        ? 'resume'
        : 'startup';
    this.started = true;
    const notice = (text: string) => options.onEvent({ type: 'notice', text });
    return promptHooks(hooks, prompt, start, signal, notice);
  }

  private loop(
    turn: {
      resume: boolean;
      history: Message[];
      running: RunningTurn;
      steering: string[];
      ready: TurnOptions['beforeFirstRequest'];
    },
    record: (event: LoopEvent) => void,
  ): ReturnType<typeof runToolLoop> {
    const { options, conversation, meter, questions, modes } = this.parts;
    const { resume, history, running, steering, ready } = turn;
    return runToolLoop({
      ...(ready ? { beforeFirstRequest: ready } : {}),
      provider: conversation.provider,
      registry: this.parts.offered,
      system: () => modes.system(this.parts.system())(),
      history,
      resume,
      workspaceRoot: options.workspaceRoot,
      signal: running.abort.signal,
      softStop: running.soft.signal,
      person: this.parts.channel,
      maxInteractive: this.parts.maxInteractive(),
      maxIterations: options.maxIterations,
      toolHistory: this.parts.toolHistory(),
      steer: () => steering.splice(0),
      callId: (sent) => this.parts.callIds.claim(sent),
      hooks: turnHooks(this.parts.hooks, (text) => options.onEvent({ type: 'notice', text })),
      onEvent: (event) => {
        if (event.type === 'usage') {
          const tokens = event.usage.inputTokens + event.usage.outputTokens;
          meter.counted({ messages: history, provider: conversation.provider, tokens });
        }
        if (event.type === 'tool_end') {
          const on = options.answeredOn?.(event.activity.id);
          if (on !== undefined) event.activity.answeredOn = on;
        }
        questions.track(event);
        if (questions.recording) record(event);
        options.onEvent(event);
      },
    });
  }
}
