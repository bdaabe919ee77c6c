import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { MAX_MESSAGE_BYTES } from './message-limit';
import { defaultServerEnvironment } from './sdk';

describe('what is kept of the SDK without loading it', () => {
  it("a stdio server inherits what the SDK's getDefaultEnvironment gives it", () => {
    expect(defaultServerEnvironment()).toEqual(getDefaultEnvironment());
    const env = { HOME: '/h', PATH: '/bin', SHELL: '() { evil; }', SECRET: 'x' };
    expect(defaultServerEnvironment(env)).toEqual({ HOME: '/h', PATH: '/bin' });
  });

  it("the message limit is the SDK's stdio buffer limit", () => {
    expect(MAX_MESSAGE_BYTES).toBe(STDIO_DEFAULT_MAX_BUFFER_SIZE);
  });
});
