export * from './types';
export * from './run-tool-loop';
export { buildRequest, DEFAULT_REDUCE_FRACTION } from './build-request';
export { collectTurn, type CollectedTurn, type RawToolCall } from './collect-turn';
