export * from './script';
export * from './fake-server';
export * from './protocols/anthropic';
export * from './protocols/bedrock';
export * from './protocols/genkit';
export * from './protocols/openai-chat';
export * from './protocols/openai-responses';
export * from './hostile-mcp';
