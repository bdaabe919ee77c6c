export * from './script';
export * from './fake-server';
