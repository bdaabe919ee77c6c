// The light entry point (`@agent/runtime/flags`): parsing and usage text, no SDK loads.
export * from './flag-table';
export * from './flag-wording';
export * from './parse-flags';
export * from './usage';
export * from './workspace';
