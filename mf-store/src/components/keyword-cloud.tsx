import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TagWord } from '@linksite/contract';
import { layoutCloud, type PlacedWord } from '../lib/cloud-layout';
import { buildSearchUrl, cloudLayoutSize, CLOUD_TRANSITION_MS, sizeWords } from '../lib/cloud-words';
import { messages } from '../lib/messages';
import { reportClick } from '../lib/report-click';
import { loadFloatingUi } from '../lib/tooltip';
import { CloudTooltip } from './cloud-tooltip';
import { useBrowserFact } from '../hooks/use-browser-fact';

const COLORS = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0f766e', '#dc2626', '#4b5563'];

export interface KeywordCloudProps {
  words: TagWord[];
  /** Search URL template with `{keyword}` (runtime config `searchUrl`). */
  searchUrl: string;
  /** Injected in tests (d3-cloud needs a canvas). */
  layout?: typeof layoutCloud;
}

/**
 * The popular-keyword cloud (docs/product.md#2-screens-and-routes, docs/product.md#9-constants-and-limits): a click or
 * Enter opens a web search for the word in a new tab. Each word is a focusable link (Tab goes through them) and shows a
 * tooltip with the word and how many links carry it (`#뷰티 · 링크 5개`) on hover and on keyboard focus; Escape closes it
 * (docs/decisions/0037-keyword-tooltips.md).
 */
export function KeywordCloud({ words, searchUrl, layout = layoutCloud }: KeywordCloudProps) {
  const sized = useMemo(() => sizeWords(words), [words]);
  const boxRef = useRef<HTMLDivElement>(null);
  // The layout's width (px) as a number: measuring the same width again is no change (React keeps an equal value),
  // so one width is laid out once. A [width, height] array kept by identity in an updater was not enough: on a phone
  // (Chromium, 4× slower CPU) one page view laid the same width out 2 to 7 times, each a long task.
  const [layoutWidth, setLayoutWidth] = useState<number | null>(null);
  const size = useMemo(() => (layoutWidth === null ? null : cloudLayoutSize(layoutWidth)), [layoutWidth]);
  // The layout of one (words, size) pair, tagged with it: new words or a new size show nothing until laid out.
  const [layoutResult, setLayoutResult] = useState<{
    sized: typeof sized;
    size: [number, number];
    words: PlacedWord[];
  } | null>(null);
  // The layout whose words have moved into place.
  const [shownWords, setShownWords] = useState<PlacedWord[] | null>(null);

  // The layout box follows the container's width (see CLOUD_MIN_SIZE); lay out again only when it changes.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const measure = () => setLayoutWidth(cloudLayoutSize(box.clientWidth)[0]);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (sized.length === 0 || !size) return undefined;
    return layout(sized, size, (words) => setLayoutResult({ sized, size, words }));
  }, [sized, size, layout]);

  const placed = useMemo(
    () => (layoutResult && layoutResult.sized === sized && layoutResult.size === size ? layoutResult.words : []),
    [layoutResult, sized, size],
  );
  const shown = placed.length > 0 && shownWords === placed;

  // The word whose tooltip is open: hovered or focused (the element, for positioning, and its text).
  const tooltipId = `${useId()}-tooltip`;
  // The tooltip's position, limits and fades are inline styles, which the served HTML cannot carry under the site's
  // CSP and hydration would not add: it renders in the browser only, as the words (which need it anyway) do.
  const inBrowser = useBrowserFact(() => true, false);
  const [tip, setTip] = useState<{ anchor: Element; word: PlacedWord } | null>(null);
  const showTip = (anchor: Element, word: PlacedWord) => setTip({ anchor, word });
  const hideTip = (anchor: Element) => setTip((current) => (current?.anchor === anchor ? null : current));
  // Floating UI comes in its own chunk when the visitor first points at or tabs into the cloud (a head start on the
  // first word's tooltip), so a visit that never does downloads none of it.
  const warmTooltip = () => void loadFloatingUi().catch(() => undefined);
  // Escape closes the tooltip wherever the focus is (a hovered word need not be focused).
  useEffect(() => {
    if (!tip) return undefined;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setTip(null);
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [tip]);

  // Start from the centre, invisible, then move into place (docs/product.md#9-constants-and-limits: 600 ms transition).
  useEffect(() => {
    if (placed.length === 0) return undefined;
    const frame = requestAnimationFrame(() => setShownWords(placed));
    return () => cancelAnimationFrame(frame);
  }, [placed]);

  const open = (text: string) => {
    window.open(buildSearchUrl(searchUrl, text), '_blank', 'noopener,noreferrer');
    reportClick({ keyword: text });
  };
  const onKeyDown = (event: KeyboardEvent, text: string) => {
    if (event.key === 'Enter') open(text);
    if (event.key === 'Escape') setTip(null);
  };

  if (words.length === 0) return <p className="keyword-cloud__empty">{messages.noKeywords}</p>;

  const [width, height] = size ?? cloudLayoutSize(0);
  return (
    <div ref={boxRef} className="keyword-cloud__box">
      <svg
        className="keyword-cloud"
        width={width}
        height={height}
        viewBox={`${-width / 2} ${-height / 2} ${width} ${height}`}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={messages.popularKeywords}
        onPointerEnter={warmTooltip}
        onFocus={warmTooltip}
      >
        {placed.map((word, index) => (
          <text
            key={word.text}
            data-testid="cloud-word"
            // The word, as the served page's early click listener reads it (docs/decisions/0073-every-tap-counted.md,
            // scripts/first-screen/early-clicks.mjs). The cloud renders in the browser only, so today its slot is live
            // by then and the tracker counts the click; a served word would be counted as a card is.
            data-keyword={word.text}
            className="keyword-cloud__word"
            role="link"
            tabIndex={0}
            aria-label={messages.searchKeyword(word.text)}
            aria-describedby={tip?.word.text === word.text ? tooltipId : undefined}
            fontSize={word.size}
            fill={COLORS[index % COLORS.length]}
            textAnchor="middle"
            style={{
              transform: shown
                ? `translate(${word.x}px, ${word.y}px) rotate(${word.rotate}deg)`
                : 'translate(0px, 0px) rotate(0deg)',
              opacity: shown ? 1 : 0,
              transition: `transform ${CLOUD_TRANSITION_MS}ms ease, opacity ${CLOUD_TRANSITION_MS}ms ease`,
            }}
            onClick={() => open(word.text)}
            onKeyDown={(event) => onKeyDown(event, word.text)}
            onMouseEnter={(event) => showTip(event.currentTarget, word)}
            onMouseLeave={(event) => {
              // A word that has the keyboard focus keeps its tooltip when the pointer passes over it.
              if (document.activeElement !== event.currentTarget) hideTip(event.currentTarget);
            }}
            onFocus={(event) => showTip(event.currentTarget, word)}
            onBlur={(event) => hideTip(event.currentTarget)}
          >
            {word.text}
          </text>
        ))}
      </svg>
      {inBrowser && (
        <CloudTooltip
          id={tooltipId}
          anchor={tip?.anchor ?? null}
          label={tip ? messages.keywordTooltip(tip.word.text, tip.word.value) : ''}
        />
      )}
    </div>
  );
}
