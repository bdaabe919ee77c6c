import type { TranscriptCards } from '@agent/session';
import { PRESENT_PLAN } from '../modes/present-plan';

/**
 * The tools whose calls every transcript draws as cards rather than tool lines: the
 * questionnaire (`ask_user`, @agent/askuser's tool, named here as session files record it) and
 * the plan. A property of the entry (`TranscriptEntry.kind`), never a name check in a front end.
 */
export const TRANSCRIPT_CARDS: TranscriptCards = {
  ask_user: 'questionnaire',
  [PRESENT_PLAN]: 'plan',
};
