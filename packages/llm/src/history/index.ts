export * from './bounds';
export * from './clone';
export * from './transform';
export * from './memory';
export * from './ledger';
