export * from './terminal-safe';
export * from './visible-controls';
export * from './output-guard';
export * from './format-wait';
export * from './interrupted-output';
