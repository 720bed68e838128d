import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A fact only the browser knows, read after hydration: `onServer` in the server's render of the first screen and
 * while the page hydrates it (docs/decisions/0032-server-rendered-first-screen.md, docs/first-screen.md), then
 * `read()`. Facts that do not change while the page is open (the user agent, whether a share sheet exists, that this is
 * a browser).
 */
export const useBrowserFact = <T>(read: () => T, onServer: T): T =>
  useSyncExternalStore(noSubscription, read, () => onServer);
