import sharp from 'sharp';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { storeImage } from './images.service';

/** A manager that records the INSERT instead of touching a database. */
function recordingManager() {
  const calls: unknown[][] = [];
  const manager = {
    query: async (_sql: string, params: unknown[]) => (calls.push(params), []),
  } as unknown as EntityManager;
  return { manager, calls };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

describe('storeImage type checks (docs/decisions/0004-image-uploads.md)', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
    ['avif', 'image/avif'],
  ] as const)('accepts %s, keyed by the SHA-256 of the stored bytes', async (format, contentType) => {
    const { manager, calls } = recordingManager();
    const bytes = await solid(40, 30).toFormat(format).toBuffer();
    const stored = await storeImage(manager, bytes);
    expect(stored).toMatchObject({ contentType, width: 40, height: 30 });
    expect(stored.key).toMatch(/^[0-9a-f]{64}$/);
    expect(calls).toHaveLength(1);
  });

  it('refuses SVG with 415 and a Korean message, storing nothing', async () => {
    const { manager, calls } = recordingManager();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const attempt = storeImage(manager, svg);
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({
      status: 415,
      message: expect.stringContaining('SVG 형식은 올릴 수 없습니다'),
    });
    expect(calls).toHaveLength(0);
  });

  it('refuses text and TIFF', async () => {
    const { manager } = recordingManager();
    await expect(storeImage(manager, Buffer.from('hello, not an image'))).rejects.toMatchObject({ status: 415 });
    await expect(storeImage(manager, await solid(8, 8).tiff().toBuffer())).rejects.toMatchObject({ status: 415 });
  });

  it('applies EXIF orientation and strips metadata', async () => {
    const { manager, calls } = recordingManager();
    const rotated = await solid(60, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const stored = await storeImage(manager, rotated);
    expect(stored).toMatchObject({ width: 20, height: 60 });
    const meta = await sharp(calls[0]![5] as Buffer).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('gives the same key to the same image', async () => {
    const { manager } = recordingManager();
    const bytes = await solid(16, 16).png().toBuffer();
    expect((await storeImage(manager, bytes)).key).toBe((await storeImage(manager, bytes)).key);
  });
});
