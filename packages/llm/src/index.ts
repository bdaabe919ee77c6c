export * from './messages';
export * from './provider';
export * from './history';
export * from './loop';
export * from './context';
