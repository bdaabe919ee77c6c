import type { PersonChannel, PersonRequestKind } from '@agent/tools';

/** Whether a person answers requests of `kind` on `channel` (see `PersonChannel.personAnswers`). */
export function personAnswers(channel: PersonChannel, kind: PersonRequestKind): boolean {
  return channel.personAnswers ? channel.personAnswers(kind) : channel.canAnswer(kind);
}
