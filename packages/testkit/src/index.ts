export * from './script';
export * from './fake-server';
export * from './protocols/anthropic';
export * from './protocols/bedrock';
export * from './protocols/genkit';
