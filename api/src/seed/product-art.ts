import sharp from 'sharp';

/** The illustration drawn on a demo product picture. */
export type ProductMotif =
  | 'jar'
  | 'lantern'
  | 'cup'
  | 'bag'
  | 'bowl'
  | 'tube'
  | 'bottle'
  | 'candle'
  | 'paw'
  | 'house'
  | 'book'
  | 'pen'
  | 'tent'
  | 'shirt'
  | 'tote'
  | 'heart'
  | 'box'
  | 'leaf';

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;

/** Shapes of each motif on an 800×800 canvas, centred near (400, 420). `m` main colour, `d` dark, `a` accent. */
const MOTIFS: Record<ProductMotif, (m: string, d: string, a: string) => string> = {
  jar: (m, d, a) => `<rect x="270" y="300" width="260" height="300" rx="60" fill="${m}"/>
    <rect x="255" y="250" width="290" height="70" rx="18" fill="${d}"/>
    <rect x="300" y="400" width="200" height="110" rx="16" fill="${a}" opacity="0.85"/>`,
  lantern: (_m, d, a) => `<path d="M400 170 q-60 0 -60 40" stroke="${d}" stroke-width="14" fill="none"/>
    <rect x="300" y="210" width="200" height="40" rx="12" fill="${d}"/>
    <rect x="310" y="250" width="180" height="300" rx="30" fill="${a}" opacity="0.9"/>
    <circle cx="400" cy="400" r="60" fill="#fff8d6"/><rect x="290" y="550" width="220" height="40" rx="12" fill="${d}"/>`,
  cup: (m, d, a) => `<path d="M260 300 h260 l-30 290 q-5 30 -35 30 h-130 q-30 0 -35 -30 z" fill="${m}"/>
    <path d="M515 350 q90 10 70 90 q-15 60 -90 60" stroke="${d}" stroke-width="26" fill="none"/>
    <path d="M340 240 q20 -40 0 -80 M400 240 q20 -40 0 -80 M460 240 q20 -40 0 -80" stroke="${a}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  bag: (m, d, a) => `<path d="M280 260 h240 l40 360 h-320 z" fill="${m}"/>
    <rect x="280" y="230" width="240" height="50" rx="10" fill="${d}"/>
    <circle cx="400" cy="440" r="70" fill="${a}"/><circle cx="400" cy="440" r="30" fill="${d}"/>`,
  bowl: (m, d, a) => `<rect x="170" y="470" width="460" height="50" rx="25" fill="${d}"/>
    <path d="M220 360 h360 q0 120 -180 120 q-180 0 -180 -120 z" fill="${m}"/>
    <circle cx="340" cy="340" r="40" fill="${a}"/><circle cx="420" cy="320" r="45" fill="${a}" opacity="0.8"/><circle cx="480" cy="345" r="35" fill="${a}"/>`,
  tube: (m, d, a) => `<path d="M320 200 h160 l30 330 h-220 z" fill="${m}"/>
    <rect x="350" y="530" width="100" height="80" rx="14" fill="${d}"/>
    <rect x="330" y="300" width="140" height="120" rx="20" fill="${a}" opacity="0.8"/>`,
  bottle: (m, d, a) => `<rect x="370" y="180" width="60" height="70" rx="10" fill="${d}"/>
    <path d="M330 250 h140 q60 40 60 120 v200 q0 40 -40 40 h-180 q-40 0 -40 -40 v-200 q0 -80 60 -120 z" fill="${m}" opacity="0.92"/>
    <rect x="320" y="400" width="160" height="120" rx="20" fill="${a}" opacity="0.85"/>`,
  candle: (m, d, a) => `<rect x="290" y="330" width="220" height="280" rx="28" fill="${m}"/>
    <ellipse cx="400" cy="330" rx="110" ry="26" fill="${a}"/>
    <path d="M400 220 q40 50 0 95 q-40 -45 0 -95 z" fill="#ffb347"/><rect x="395" y="300" width="10" height="30" fill="${d}"/>`,
  paw: (m, d, a) => `<ellipse cx="400" cy="470" rx="130" ry="110" fill="${m}"/>
    <circle cx="280" cy="330" r="50" fill="${d}"/><circle cx="360" cy="260" r="55" fill="${d}"/>
    <circle cx="445" cy="260" r="55" fill="${d}"/><circle cx="525" cy="330" r="50" fill="${d}"/><circle cx="400" cy="470" r="40" fill="${a}"/>`,
  house: (m, d, a) => `<path d="M220 380 l180 -170 l180 170 z" fill="${d}"/>
    <rect x="250" y="380" width="300" height="230" rx="20" fill="${m}"/>
    <path d="M340 610 v-110 q60 -70 120 0 v110 z" fill="${a}"/>`,
  book: (m, d, a) => `<rect x="250" y="220" width="300" height="380" rx="18" fill="${m}"/>
    <rect x="250" y="220" width="40" height="380" rx="10" fill="${d}"/>
    <rect x="330" y="300" width="170" height="26" rx="13" fill="${a}"/><rect x="330" y="350" width="120" height="26" rx="13" fill="${a}" opacity="0.7"/>`,
  pen: (
    m,
    d,
    a,
  ) => `<g transform="rotate(35 400 420)"><rect x="365" y="150" width="70" height="420" rx="30" fill="${m}"/>
    <path d="M365 560 h70 l-35 110 z" fill="${d}"/><rect x="425" y="200" width="16" height="140" rx="8" fill="${a}"/></g>`,
  tent: (m, d, a) => `<path d="M160 610 l240 -400 l240 400 z" fill="${m}"/>
    <path d="M400 210 l-80 400 h160 z" fill="${d}"/><path d="M400 330 l-45 280 h90 z" fill="${a}"/>`,
  shirt: (
    m,
    d,
    a,
  ) => `<path d="M300 210 l-120 90 l60 90 l50 -30 v260 h220 v-260 l50 30 l60 -90 l-120 -90 q-50 50 -100 0 z" fill="${m}"/>
    <rect x="340" y="420" width="120" height="90" rx="14" fill="${a}"/><path d="M350 210 q50 50 100 0" stroke="${d}" stroke-width="14" fill="none"/>`,
  tote: (m, d, a) => `<path d="M330 330 q0 -140 70 -140 q70 0 70 140" stroke="${d}" stroke-width="22" fill="none"/>
    <path d="M250 320 h300 l30 300 h-360 z" fill="${m}"/><circle cx="400" cy="470" r="65" fill="${a}"/>`,
  heart: (
    m,
    _d,
    a,
  ) => `<path d="M400 620 q-230 -150 -230 -290 q0 -110 110 -110 q80 0 120 80 q40 -80 120 -80 q110 0 110 110 q0 140 -230 290 z" fill="${m}"/>
    <circle cx="310" cy="320" r="30" fill="${a}" opacity="0.8"/>`,
  box: (m, d, a) => `<rect x="230" y="330" width="340" height="280" rx="16" fill="${m}"/>
    <rect x="210" y="270" width="380" height="80" rx="14" fill="${d}"/><rect x="380" y="270" width="40" height="340" fill="${a}"/>
    <path d="M400 270 q-90 -100 -120 -20 q40 30 120 20 q80 10 120 -20 q-30 -80 -120 20 z" fill="${a}"/>`,
  leaf: (m, d, a) => `<path d="M300 470 h200 l-25 150 h-150 z" fill="${a}"/>
    <path d="M400 470 q-150 -40 -120 -220 q130 40 120 220 z" fill="${m}"/><path d="M400 470 q150 -60 150 -200 q-140 20 -150 200 z" fill="${d}"/>`,
};

/** A small deterministic generator so each picture is stable between runs. */
function sprinkle(seed: number, hue: number): string {
  let x = seed * 9301 + 49297;
  const next = () => (x = (x * 9301 + 49297) % 233280) / 233280;
  return Array.from({ length: 9 }, () => {
    const r = 8 + next() * 22;
    return `<circle cx="${(60 + next() * 680).toFixed(0)}" cy="${(60 + next() * 180).toFixed(0)}" r="${r.toFixed(0)}" fill="${hsl(hue + next() * 60, 70, 85)}" opacity="0.8"/>`;
  }).join('');
}

/** An 800×800 SVG product illustration (no text: fonts may be missing where it is drawn). */
export function productSvg(motif: ProductMotif, hue: number, seed: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 65, 93)}"/><stop offset="1" stop-color="${hsl(hue + 35, 55, 80)}"/>
  </linearGradient></defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="${560 + (seed % 5) * 20}" cy="250" r="230" fill="${hsl(hue + 180, 45, 90)}" opacity="0.55"/>
  ${sprinkle(seed, hue)}
  <ellipse cx="400" cy="640" rx="230" ry="34" fill="${hsl(hue, 30, 45)}" opacity="0.25"/>
  ${MOTIFS[motif](hsl(hue, 58, 60), hsl(hue, 55, 36), hsl(hue + 40, 75, 78))}
</svg>`;
}

/** The product picture as an 800×800 JPEG. */
export function drawProductImage(motif: ProductMotif, hue: number, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(productSvg(motif, hue, seed)))
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** The cover banner: a 1600×500 JPEG of soft gradients, waves and circles, no text. */
export function drawCoverImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500" viewBox="0 0 1600 500">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#fde2e4"/><stop offset="0.5" stop-color="#e2ece9"/><stop offset="1" stop-color="#cddafd"/>
  </linearGradient></defs>
  <rect width="1600" height="500" fill="url(#sky)"/>
  <circle cx="1280" cy="120" r="170" fill="#fff1e6" opacity="0.8"/>
  <circle cx="260" cy="90" r="110" fill="#ffffff" opacity="0.45"/>
  <circle cx="760" cy="200" r="60" fill="#fad2e1" opacity="0.7"/>
  <path d="M0 360 q200 -90 400 0 t400 0 t400 0 t400 0 v140 h-1600 z" fill="#bee1e6" opacity="0.85"/>
  <path d="M0 410 q200 -70 400 0 t400 0 t400 0 t400 0 v90 h-1600 z" fill="#a9def9" opacity="0.7"/>
  <path d="M0 450 q200 -50 400 0 t400 0 t400 0 t400 0 v50 h-1600 z" fill="#e4c1f9" opacity="0.6"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
