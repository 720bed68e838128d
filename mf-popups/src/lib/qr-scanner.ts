import jsQR from 'jsqr';

/**
 * How often a frame is decoded: 5 a second keeps a phone cool and still answers within a blink
 * (docs/decisions/0081-camera-check-in.md).
 */
export const SCAN_INTERVAL_MS = 200;
/** Frames are scaled down to this width before the fallback decoder reads them (jsQR's cost grows with pixels). */
const DECODE_WIDTH = 640;

/** The part of the browser's BarcodeDetector this file uses (not in TypeScript's DOM types, nor in Linux Chromium). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * Opens the rear camera (docs/decisions/0081-camera-check-in.md):
 * `getUserMedia({ video: { facingMode: 'environment' } })`, no sound.
 * @throws DOMException NotAllowedError when the person or the browser refuses, NotFoundError without a camera;
 *   Error 'no-camera' when the page has no `navigator.mediaDevices` (an insecure origin, an old browser).
 */
export async function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('no-camera');
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
}

/** Stops every track of `stream` (the camera light goes off). */
export function closeCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The browser's own QR decoder when it has one that reads QR codes, else null. */
async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (
    globalThis as { BarcodeDetector?: BarcodeDetectorClass & { getSupportedFormats?: () => Promise<string[]> } }
  ).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** A frame of `video` read by jsQR through a canvas (scaled to {@link DECODE_WIDTH}); null when there is no QR code. */
function decodeWithCanvas(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  if (!video.videoWidth || !video.videoHeight) return null;
  const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
  const width = Math.round(video.videoWidth * scale);
  const height = Math.round(video.videoHeight * scale);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * Reads QR codes from `video` continuously, {@link SCAN_INTERVAL_MS} apart, and calls `onText` with each decoded text
 * (the same text again on every frame that shows it: the caller decides what is new). Uses `BarcodeDetector` where
 * the browser has it, else jsQR on frames drawn to a canvas (docs/decisions/0081-camera-check-in.md).
 * @returns stop: no decode starts after it is called.
 */
export function scanQrCodes(video: HTMLVideoElement, onText: (text: string) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const canvas = document.createElement('canvas');
  const detectorReady = nativeDetector();
  const tick = async () => {
    if (stopped) return;
    try {
      const detector = await detectorReady;
      let text: string | null = null;
      if (detector && video.readyState >= 2) {
        text = (await detector.detect(video))[0]?.rawValue ?? null;
      } else if (!detector) {
        text = decodeWithCanvas(video, canvas);
      }
      if (text && !stopped) onText(text);
    } catch {
      // A frame that could not be read (the video not ready yet): the next one will be.
    }
    if (!stopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
  };
  timer = setTimeout(() => void tick(), 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * The screen's feedback after a check-in: a short vibration where the phone has one (`navigator.vibrate`), and a
 * 0.15 s beep through Web Audio when `audio` is given (created on a tap, as browsers require).
 */
export function signalCheckedIn(audio: AudioContext | null): void {
  navigator.vibrate?.(120);
  if (!audio) return;
  try {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.15);
  } catch {
    // Sound is optional.
  }
}

/** A Web Audio context for {@link signalCheckedIn}, or null where the browser has none. Call it inside a tap. */
export function newBeepContext(): AudioContext | null {
  const Audio = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  try {
    return Audio ? new Audio() : null;
  } catch {
    return null;
  }
}
