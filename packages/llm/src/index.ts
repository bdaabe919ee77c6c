export * from './messages';
export * from './provider';
export * from './history';
export * from './loop';
export * from './context';
export * from './system-prompt';
export * from './config';
export { createProvider } from './providers/create-provider';
export * from './text';
