export * from './types';
export type { BeforeCallVerdict, LoopHooks, HookedCall } from './loop-hooks';
export * from './run-tool-loop';
export { buildRequest, DEFAULT_REDUCE_FRACTION, type RequestInput } from './build-request';
export {
  collectTurn,
  type CollectCallbacks,
  type CollectedTurn,
  type RawToolCall,
} from './collect-turn';
export { abortable, type Settled } from './abortable';
