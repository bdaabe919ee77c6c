export * from './scripted-provider';
