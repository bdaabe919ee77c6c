import { pngFile, startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import {
  agentEnv,
  createSandbox,
  editorSession,
  fakeArgs,
  killEditors,
  type Sandbox,
} from './support/editor';

jest.setTimeout(60_000);

const PNG = pngFile({ width: 6, height: 2 });

describe('agent-acp takes image content blocks', () => {
  let sandbox: Sandbox;
  let fake: FakeServer;

  beforeEach(async () => {
    sandbox = createSandbox();
    fake = await startOpenAIChatServer([{ text: 'A wide red bar.' }]);
  });
  afterEach(async () => {
    killEditors();
    await fake.close();
    sandbox.cleanup();
  });

  it('advertises images and sends an image block on to the model', async () => {
    const { editor, init, sessionId } = await editorSession(fakeArgs(fake), agentEnv(sandbox), {
      forms: false,
      workspace: sandbox.workspace,
    });
    expect(init.agentCapabilities?.promptCapabilities?.image).toBe(true);
    const response = await editor.agent.request('session/prompt', {
      sessionId,
      prompt: [
        { type: 'text', text: 'What is this?' },
        {
          type: 'image',
          mimeType: 'image/png',
          data: PNG.toString('base64'),
          uri: 'file:///home/dev/bar.png',
        },
      ],
    });
    expect(response.stopReason).toBe('end_turn');
    expect(fake.requests[0]!.images).toEqual([{ mediaType: 'image/png', bytes: PNG }]);
  });

  it('refuses an image block that is no image with invalid params, sending nothing', async () => {
    const { editor, sessionId } = await editorSession(fakeArgs(fake), agentEnv(sandbox), {
      forms: false,
      workspace: sandbox.workspace,
    });
    await expect(
      editor.agent.request('session/prompt', {
        sessionId,
        prompt: [
          { type: 'text', text: 'What is this?' },
          {
            type: 'image',
            mimeType: 'image/png',
            data: Buffer.from('plain text').toString('base64'),
          },
        ],
      }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/image 1 is not an image this agent can send/),
    });
    expect(fake.requests).toHaveLength(0);
  });
});
