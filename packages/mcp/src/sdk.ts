/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The MCP SDK's modules, each loaded on first use. Loading them (the SDK, its own zod, ajv) takes
 * about 140 ms on Node 20: a stdio server's process is started first and boots meanwhile.
 */
export function sdkClient(): typeof import('@modelcontextprotocol/sdk/client/index.js') {
  return require('@modelcontextprotocol/sdk/client/index.js');
}

export function sdkTypes(): typeof import('@modelcontextprotocol/sdk/types.js') {
  return require('@modelcontextprotocol/sdk/types.js');
}

export function sdkStdio(): typeof import('@modelcontextprotocol/sdk/shared/stdio.js') {
  return require('@modelcontextprotocol/sdk/shared/stdio.js');
}

export function sdkSse(): typeof import('@modelcontextprotocol/sdk/client/sse.js') {
  return require('@modelcontextprotocol/sdk/client/sse.js');
}

export function sdkStreamableHttp(): typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js') {
  return require('@modelcontextprotocol/sdk/client/streamableHttp.js');
}

export function sdkAjv(): typeof import('@modelcontextprotocol/sdk/validation/ajv-provider.js') {
  return require('@modelcontextprotocol/sdk/validation/ajv-provider.js');
}

/**
 * What a stdio server inherits of our environment besides its configured `env`: the SDK's
 * getDefaultEnvironment (HOME, LOGNAME, PATH, SHELL, TERM, USER; no shell functions), without
 * loading the SDK's stdio client for it (see server-environment.test.ts).
 */
export function defaultServerEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = {};
  for (const key of ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER']) {
    const value = env[key];
    if (value !== undefined && !value.startsWith('()')) inherited[key] = value;
  }
  return inherited;
}
