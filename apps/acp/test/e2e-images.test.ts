import { pngFile, startOpenAIChatServer } from '@agent/testkit';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const PNG = pngFile({ width: 6, height: 2 });

describe('agent-acp takes image content blocks', () => {
  const bed = editorBed('test');
  beforeEach(async () => {
    bed.fake = await startOpenAIChatServer([{ text: 'A wide red bar.' }]);
  });

  it('advertises images and sends an image block on to the model', async () => {
    const { editor, init, sessionId } = await bed.open({ forms: false });
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
    expect(bed.fake.requests[0]!.images).toEqual([{ mediaType: 'image/png', bytes: PNG }]);
  });

  it('refuses an image block that is no image with invalid params, sending nothing', async () => {
    const { editor, sessionId } = await bed.open({ forms: false });
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
    expect(bed.fake.requests).toHaveLength(0);
  });
});
