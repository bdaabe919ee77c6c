export * from './tokens';
export * from './windows';
export * from './breakdown';
export * from './reduce';
export * from './compact';
export * from './auto';
export * from './tool-limits';
export type { UsageOwner } from './recorded-usage';
export * from './probe-window';
