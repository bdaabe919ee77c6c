export * from './person-request';
export * from './person-queue';
export * from './answer-at-once';
export * from './person-channel';
export * from './manual-person';
export * from './approved-by-mode';
