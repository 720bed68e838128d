import { useEffect, useState } from 'react';
import { fetchLinkClicks } from '../api/fetch-link-clicks';

/**
 * Each link's 30-day clicks (docs/decisions/0027-first-party-analytics.md), loaded once with the list; null until they
 * arrive or when they cannot be had (the list works without them, so a failure shows no count rather than an error).
 */
export function useLinkClicks(): Map<number, number> | null {
  const [clicks, setClicks] = useState<Map<number, number> | null>(null);
  useEffect(() => {
    let current = true;
    fetchLinkClicks().then(
      (loaded) => current && setClicks(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return clicks;
}
