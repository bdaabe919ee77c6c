/**
 * Reading a parsed line as an event of the current schema: `migrateEvent` upgrades it version by
 * version and checks it against the wire schema (see `codec/`). Unknown top-level fields are
 * kept untouched; a line that cannot be used gets a reason, never a throw.
 */
export { decodeEvent as migrateEvent, type MigrateResult } from './codec/decode-event';
export { UPGRADES, type RawEvent, type Upgrade } from './codec/upgrades';
