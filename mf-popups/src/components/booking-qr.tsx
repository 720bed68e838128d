import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import { messages } from '../lib/messages';

/**
 * A QR code of `url` (the confirmation address), drawn by the `qrcode` library as an SVG and shown as an image, so
 * staff can open the booking by scanning the visitor's screen.
 */
export function BookingQr({ url, code }: { url: string; code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    qrSvg(url, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#111827', light: '#ffffff' },
    }).then(
      (svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return src ? (
    <img
      className="booking-qr"
      src={src}
      alt={messages.qrAlt(code)}
      width={176}
      height={176}
      data-testid="booking-qr"
    />
  ) : (
    <div className="booking-qr booking-qr--pending" aria-hidden="true" />
  );
}
