import { gifFile, pngFile } from '@agent/testkit';
import { contextBreakdown } from '../src/context/breakdown';
import { transcript } from '../src/context/compact';
import {
  checkImageCount,
  detectImageType,
  IMAGE_TOKEN_ESTIMATE,
  imagePart,
  MAX_IMAGE_BYTES,
} from '../src/images';

describe('image parts', () => {
  it('detect the type by magic bytes, not by the name', () => {
    expect(imagePart('looks-like.gif', pngFile()).mediaType).toBe('image/png');
    expect(imagePart('shot.png', gifFile()).mediaType).toBe('image/gif');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(detectImageType(Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1'))).toBeUndefined();
  });

  it('refuse a file that is no image, naming the accepted types', () => {
    expect(() => imagePart('notes.png', Buffer.from('# not a picture\n'))).toThrow(
      'notes.png is not an image this agent can send (PNG, JPEG, GIF or WebP)',
    );
  });

  it('refuse an image over the bound, naming both sizes', () => {
    const big = pngFile({ padTo: 6 * 1024 * 1024 });
    expect(big.length).toBe(6 * 1024 * 1024);
    expect(() => imagePart('big.png', big)).toThrow(
      'big.png is 6 MB: an image may be at most 3.75 MB (5 MB once encoded, the bound of Anthropic and Bedrock)',
    );
    expect(() => imagePart('edge.png', pngFile({ padTo: MAX_IMAGE_BYTES }))).not.toThrow();
  });

  it('bound the count per message', () => {
    expect(() => checkImageCount(10)).not.toThrow();
    expect(() => checkImageCount(11)).toThrow('11 images attached: a message may carry at most 10');
  });

  it('hash the bytes and keep them as base64', () => {
    const png = pngFile();
    const part = imagePart('a.png', png);
    expect(part.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(part.data!, 'base64')).toEqual(png);
    expect(part.size).toBe(png.length);
  });
});

describe('images in context accounting', () => {
  const image = imagePart('shot.png', pngFile());

  it('count as a fixed estimate, whatever their bytes', () => {
    const plain = contextBreakdown({
      system: '',
      tools: [],
      messages: [{ role: 'user', text: 'hi' }],
    });
    const withImage = contextBreakdown({
      system: '',
      tools: [],
      messages: [{ role: 'user', text: 'hi', images: [image, image] }],
    });
    expect(withImage.total - plain.total).toBe(2 * IMAGE_TOKEN_ESTIMATE);
  });

  it('become one placeholder line in what the summariser reads', () => {
    const text = transcript([{ role: 'user', text: 'see this', images: [image] }]);
    expect(text).toBe(`[User]\nsee this\n[image shot.png · ${image.size} B]`);
    expect(text).not.toContain(image.data!.slice(0, 20));
  });
});
