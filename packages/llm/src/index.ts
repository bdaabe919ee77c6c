export * from './messages';
export * from './provider';
