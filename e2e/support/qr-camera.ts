import fs from 'node:fs';
import { toBuffer as qrPng } from 'qrcode';
import sharp from 'sharp';

/**
 * Writes what Chromium's fake camera plays (`--use-file-for-fake-video-capture=<file>`): 30 frames of 640×480
 * showing a QR code of `text` on white, as JPEG frames one after another (an `.mjpeg` file, played in a loop).
 */
export async function writeQrVideo(file: string, text: string): Promise<void> {
  const qr = await qrPng(text, { margin: 2, width: 360, errorCorrectionLevel: 'M' });
  const frame = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, left: 140, top: 60 }])
    .jpeg({ quality: 90 })
    .toBuffer();
  fs.writeFileSync(file, Buffer.concat(Array.from({ length: 30 }, () => frame)));
}

/** The Chromium flags of a fake camera playing `file`, with the permission prompt answered yes. */
export const fakeCameraArgs = (file: string): string[] => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];
