import type { PermissionRequest } from '@agent/tools';
import type { ApprovalPick } from '../permission/permission-card';
import type { Segment } from '../view/segment';
import type { Transcript } from '../view/transcript';

type ToolSegment = Extract<Segment, { kind: 'tool' }>;

/**
 * The status line of the call a permission card asks about, when the transcript shows one (a
 * subagent's calls have none): the latest line of that call id and tool, running or already
 * waiting (behind another card).
 */
export function awaitingLine(
  transcript: Transcript,
  request: PermissionRequest,
): ToolSegment | undefined {
  const segments = transcript.segments;
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i]!;
    if (s.kind === 'tool' && s.id === request.toolCallId && s.name === request.toolName) {
      return s.state === 'running' || s.state === 'waiting' ? s : undefined;
    }
  }
  return undefined;
}

/** While its card waits, the call shows as waiting for approval, not as running. */
export function markWaiting(transcript: Transcript, line: ToolSegment): void {
  line.state = 'waiting';
  transcript.touch(line);
}

/**
 * The card is answered: its call's status line becomes the one record of the call, running or
 * denied (`⊘ Denied $ ls ⎿ “reason”`); how it was allowed (`✓ Allowed · Ran $ ls`) comes with
 * the runtime's record of the approval (see approvalText). Without a decision (interrupted before
 * an answer) it reads as its replay does: `■ Interrupted $ ls`.
 */
export function settleLine(
  transcript: Transcript,
  line: ToolSegment,
  pick: ApprovalPick | undefined,
): void {
  if (line.state !== 'waiting') return;
  const kind = pick?.choice.kind;
  if (kind === 'allow_once' || kind === 'allow_always') {
    line.state = 'running';
    line.startedAt = Date.now();
  } else if (pick) {
    line.state = 'denied';
    if (pick.reason) line.summary = `denied: ${pick.reason}`;
  } else {
    line.state = 'interrupted';
  }
  transcript.touch(line);
}
