/**
 * @jest-environment node
 */
// The real qrcode library (its Node build). Its PNG encoder is far slower inside jest than in Node (a 1024 px code:
// 0.7 s in Node, 30 s in jest on a busy machine), so the PNG here is 256 px; the browser test downloads the 1024 px one.
import { makeQrFiles, QR_PNG_SIZE } from './qr-files';

const decode = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

it('makes a square PNG of the asked size and an SVG of the address (docs/decisions/0038-share-and-qr.md)', async () => {
  expect(QR_PNG_SIZE).toBe(1024);
  const { png, svg } = await makeQrFiles('https://creator.example/', 256);
  expect(png.startsWith('data:image/png;base64,')).toBe(true);
  const bytes = decode(png);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([256, 256]);
  expect(svg.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
  const markup = decodeURIComponent(svg.slice(svg.indexOf(',') + 1));
  expect(markup).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
  expect(markup).toContain('stroke="#000000"');
});

it('rejects a text too long for any QR code', async () => {
  await expect(makeQrFiles('x'.repeat(8000))).rejects.toThrow();
});
