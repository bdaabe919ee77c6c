export * from './transcript-entry';
export * from './transcript-reducer';
export * from './transcript-of';
export { callEntry } from './call-entry';
