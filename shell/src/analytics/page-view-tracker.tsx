import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from '@linksite/platform';
import { remoteAreaFor } from '../remotes/remote-areas';

/**
 * The routes whose views are counted (docs/decisions/0027-first-party-analytics.md): what visitors open, the store page
 * `/` and every remote's `publicRoutes`. Never `/login`, `/admin`, an administrator screen or a 404.
 */
export function isCountedPath(pathname: string): boolean {
  return pathname === '/' || remoteAreaFor(pathname)?.public === true;
}

/**
 * Reports a page view on every route change of a counted route (the shell owns routing, so one place sees them all).
 * Once per navigation: React's development double effects and re-renders of the same location send nothing more.
 */
export function PageViewTracker() {
  const location = useLocation();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === location.key) return;
    reported.current = location.key;
    if (isCountedPath(location.pathname)) trackPageView(location.pathname);
  }, [location.key, location.pathname]);
  return null;
}
