export * from './transcript-entry';
export * from './transcript-reducer';
export * from './transcript-of';
export { callEntry, keptCallEntry } from './call-entry';
export { AMENDED_NOTE, compactionNote, providerText, turnEndText, undoneText } from './entry-words';
