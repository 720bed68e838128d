import { useMemo, useState } from 'react';
import type { Link } from '@linksite/contract';
import { LINK_DISCLOSURE } from '@linksite/contract/api-rules';
import { Chip, imageUrl, isInternalImage, randomChipStyle, splitTags } from '@linksite/platform';
import { messages } from '../lib/messages';
import { reportClick } from '../lib/report-click';

/** Cards above the fold on a desktop grid (two rows of four): loaded eagerly, the rest lazily. */
export const EAGER_CARDS = 8;
/** The first row gets `fetchpriority="high"` (largest contentful paint candidates). */
export const HIGH_PRIORITY_CARDS = 4;
/** Intrinsic size of the card image (square, the `?w=320` variant). */
export const CARD_IMAGE_SIZE = 320;
const CARD_IMAGE_SIZES = '(min-width: 1100px) 260px, (min-width: 720px) 25vw, 50vw';

function CardImage({ product, index }: { product: Link; index: number }) {
  const [broken, setBroken] = useState(false);
  const { imagelink } = product;
  if (!imagelink || broken) {
    return (
      <div className="store-card__placeholder" role="img" aria-label={messages.productImageMissing}>
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <path
            fill="currentColor"
            d="M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v9.6l3.3-3.3a1 1 0 0 1 1.4 0l2.3 2.3 4.3-4.3a1 1 0 0 1 1.4 0L19 11.6V6H5Zm3.5 3.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z"
          />
        </svg>
      </div>
    );
  }
  const internal = isInternalImage(imagelink);
  return (
    <img
      className="store-card__image"
      src={imageUrl(imagelink, 320)}
      srcSet={internal ? `${imageUrl(imagelink, 320)} 320w, ${imageUrl(imagelink, 640)} 640w` : undefined}
      sizes={internal ? CARD_IMAGE_SIZES : undefined}
      width={CARD_IMAGE_SIZE}
      height={CARD_IMAGE_SIZE}
      alt={product.pname}
      loading={index < EAGER_CARDS ? 'eager' : 'lazy'}
      fetchPriority={index < HIGH_PRIORITY_CARDS ? 'high' : 'auto'}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

/**
 * The card's disclosure (docs/decisions/0070-disclosure-label.md): its first element, so it is the first thing seen (a
 * chip on the image's corner) and the start of the card's text and accessible name (`광고 · 수제 딸기잼 세트 …`); nothing for
 * `none`. Its words are the contract's (`LINK_DISCLOSURE`), the same on the form, the admin list and the audit log.
 */
function Disclosure({ product }: { product: Link }) {
  if (product.disclosure === 'none') return null;
  return (
    <span className="store-card__disclosure" data-testid="store-card-disclosure">
      {LINK_DISCLOSURE.names[product.disclosure]}
      <span className="store-card__disclosure-separator">{messages.disclosureSeparator}</span>
    </span>
  );
}

/**
 * One product (docs/product.md#2-screens-and-routes "Public store page"): its disclosure (광고 / 협찬 / 제휴, when it has
 * one), image, name and tag chips. With a link the whole card opens it in a new window; without one it is a plain,
 * non-clickable block.
 */
export function ProductCard({ product, index }: { product: Link; index: number }) {
  const tags = useMemo(() => splitTags(product.tag), [product.tag]);
  // Random per card, stable across re-renders (docs/product.md#2-screens-and-routes: chip colour randomised among six
  // styles).
  const chipStyles = useMemo(() => tags.map(() => randomChipStyle()), [tags]);

  const content = (
    <>
      <Disclosure product={product} />
      <div className="store-card__media">
        <CardImage product={product} index={index} />
      </div>
      <div className="store-card__body">
        <h3 className="store-card__name" title={product.pname}>
          {product.pname}
        </h3>
        {tags.length > 0 && (
          <div className="store-card__chips">
            {tags.map((tag, i) => (
              <Chip key={`${tag}-${i}`} label={tag} chipStyle={chipStyles[i] ?? 'slate'} />
            ))}
          </div>
        )}
      </div>
    </>
  );

  if (product.link) {
    return (
      <a
        className="store-card store-card--link"
        href={product.link}
        target="_blank"
        rel="noopener noreferrer"
        title={messages.opensInNewWindow}
        data-testid="store-card"
        // Read by the served page's early click listener until this card is hydrated
        // (docs/decisions/0073-every-tap-counted.md, scripts/first-screen/early-clicks.mjs).
        data-link-id={product.id}
        // The browser opens the shop in a new tab first (no waiting: a delayed tab is a blocked pop-up); the click is
        // reported after, as a beacon.
        onClick={() => reportClick({ linkId: product.id, url: product.link })}
      >
        {content}
      </a>
    );
  }
  return (
    <div className="store-card" data-testid="store-card">
      {content}
    </div>
  );
}
