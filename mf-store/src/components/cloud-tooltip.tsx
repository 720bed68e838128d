import { useEffect, useRef, useState } from 'react';
import {
  loadFloatingUi,
  TOOLTIP_DELAY_MS,
  TOOLTIP_DURATION_MS,
  TOOLTIP_MAX_WIDTH,
  TOOLTIP_OFFSET,
  TOOLTIP_Z_INDEX,
} from '../lib/tooltip';

export interface CloudTooltipProps {
  /** Element id; the word it describes points at it with `aria-describedby`. */
  id: string;
  /** The word's element while the tooltip is open, null while closed. */
  anchor: Element | null;
  /** What the tooltip says about `anchor` (kept on screen while it fades out). */
  label: string;
}

/**
 * The keyword cloud's tooltip (docs/decisions/0037-keyword-tooltips.md, docs/product.md#9-constants-and-limits
 * defaults): one `role="tooltip"` element placed above the word by Floating UI (flipped below or shifted sideways when
 * there is no room), fading in over 300 ms and out over 250 ms, at most 350 px wide, z-index 9999. It is in the
 * document while closed too (`visibility: hidden` once the fade-out ends), so the `aria-describedby` of the word always
 * points at an existing element.
 */
export function CloudTooltip({ id, anchor, label }: CloudTooltipProps) {
  const floatingRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ anchor: Element; x: number; y: number } | null>(null);
  const [shownLabel, setShownLabel] = useState(label);
  if (anchor && label !== shownLabel) setShownLabel(label);

  useEffect(() => {
    const floating = floatingRef.current;
    if (!anchor || !floating) return undefined;
    let open = true;
    let stop: (() => void) | undefined;
    loadFloatingUi().then(
      ({ autoUpdate, computePosition, flip, offset, shift }) => {
        if (!open) return;
        // Follows the word while it moves into place (the cloud's 600 ms transition) and while the page scrolls.
        stop = autoUpdate(anchor, floating, () => {
          void computePosition(anchor, floating, {
            strategy: 'fixed',
            placement: 'top',
            middleware: [offset(TOOLTIP_OFFSET), flip(), shift({ padding: 8 })],
          }).then(({ x, y }) => {
            if (open) setPosition({ anchor, x, y });
          });
        });
      },
      () => undefined, // Without Floating UI no tooltip shows; the word still works.
    );
    return () => {
      open = false;
      stop?.();
    };
  }, [anchor]);

  const visible = anchor !== null && position?.anchor === anchor;
  return (
    <div
      ref={floatingRef}
      id={id}
      role="tooltip"
      className="cloud-tooltip"
      data-testid="cloud-tooltip"
      data-state={visible ? 'open' : 'closed'}
      style={{
        position: 'fixed',
        left: 0,
        top: 0,
        transform: position ? `translate(${Math.round(position.x)}px, ${Math.round(position.y)}px)` : undefined,
        maxWidth: TOOLTIP_MAX_WIDTH,
        zIndex: TOOLTIP_Z_INDEX,
        opacity: visible ? 1 : 0,
        // Hidden from the page (and from the accessibility tree) only once the fade-out has ended.
        visibility: visible ? 'visible' : 'hidden',
        transition: visible
          ? `opacity ${TOOLTIP_DURATION_MS.in}ms ease ${TOOLTIP_DELAY_MS}ms, visibility 0s`
          : `opacity ${TOOLTIP_DURATION_MS.out}ms ease, visibility 0s linear ${TOOLTIP_DURATION_MS.out}ms`,
      }}
    >
      {shownLabel}
    </div>
  );
}
