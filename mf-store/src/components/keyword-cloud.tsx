import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { ko, type TagWord } from '@linksite/platform';
import { layoutCloud, type PlacedWord } from '../lib/cloud-layout';
import { buildSearchUrl, CLOUD_SIZE, CLOUD_TRANSITION_MS, sizeWords } from '../lib/cloud-words';

const COLORS = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0f766e', '#dc2626', '#4b5563'];

export interface KeywordCloudProps {
  words: TagWord[];
  /** Search URL template with `{keyword}` (runtime config `searchUrl`). */
  searchUrl: string;
  /** Injected in tests (d3-cloud needs a canvas). */
  layout?: typeof layoutCloud;
}

/** The popular-keyword cloud (spec §2, §9): a click or Enter opens a web search for the word in a new tab. */
export function KeywordCloud({ words, searchUrl, layout = layoutCloud }: KeywordCloudProps) {
  const sized = useMemo(() => sizeWords(words), [words]);
  const [placed, setPlaced] = useState<PlacedWord[]>([]);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    setShown(false);
    if (sized.length === 0) {
      setPlaced([]);
      return undefined;
    }
    return layout(sized, setPlaced);
  }, [sized, layout]);

  // Start from the centre, invisible, then move into place (spec §9: 600 ms transition).
  useEffect(() => {
    if (placed.length === 0) return undefined;
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, [placed]);

  const open = (text: string) => window.open(buildSearchUrl(searchUrl, text), '_blank', 'noopener,noreferrer');
  const onKeyDown = (event: KeyboardEvent, text: string) => {
    if (event.key === 'Enter') open(text);
  };

  if (words.length === 0) return <p className="keyword-cloud__empty">{ko.noKeywords}</p>;

  const [width, height] = CLOUD_SIZE;
  return (
    <svg
      className="keyword-cloud"
      viewBox={`${-width / 2} ${-height / 2} ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      role="group"
      aria-label={ko.popularKeywords}
    >
      {placed.map((word, index) => (
        <text
          key={word.text}
          data-testid="cloud-word"
          className="keyword-cloud__word"
          role="link"
          tabIndex={0}
          aria-label={ko.searchKeyword(word.text)}
          fontSize={word.size}
          fill={COLORS[index % COLORS.length]}
          textAnchor="middle"
          style={{
            transform: shown ? `translate(${word.x}px, ${word.y}px) rotate(${word.rotate}deg)` : 'translate(0px, 0px) rotate(0deg)',
            opacity: shown ? 1 : 0,
            transition: `transform ${CLOUD_TRANSITION_MS}ms ease, opacity ${CLOUD_TRANSITION_MS}ms ease`,
          }}
          onClick={() => open(word.text)}
          onKeyDown={(event) => onKeyDown(event, word.text)}
        >
          {word.text}
        </text>
      ))}
    </svg>
  );
}
