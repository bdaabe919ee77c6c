import { decodeEvent, type DecodeResult } from './codec/decode-event';

export { UPGRADES, type RawEvent, type Upgrade } from './codec/upgrades';

export type MigrateResult = DecodeResult;

/**
 * Upgrades a parsed line to the current schema and checks it against the wire schema (see
 * `codec/`). Unknown top-level fields are kept untouched; a line that cannot be used gets a
 * reason, never a throw.
 */
export const migrateEvent = decodeEvent;
