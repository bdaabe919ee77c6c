export * from './agent-session';
export * from './assemble-agent';
export * from './choose-provider';
export * from './context-meter';
export * from './events';
export * from './find-session';
export * from './flags';
