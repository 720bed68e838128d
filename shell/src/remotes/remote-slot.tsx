import { memo, Suspense, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary, ErrorNotice, hasSignedInBefore, Loading } from '@linksite/platform';
import {
  HydratedRemote,
  isFirstScreenServed,
  servedReleases,
  servedSlotMarkup,
  StaticFirstScreenSlot,
  type SlotLoad,
} from '../first-screen/first-screen-slot';
import {
  loadRemoteComponent,
  registerLiveRelease,
  REMOTE_ENTRY_TIMEOUT_MS,
  RemoteModuleMissingError,
  reportRemoteError,
  type RemoteLoader,
} from './remote-registry';
import { messages } from '../lib/messages';

export interface RemoteSlotProps {
  /** Federation name from /config.json, e.g. `mf_store`. */
  remote: string;
  /** Exposed module, e.g. `StorePage` for `./StorePage`. */
  module: string;
  /** Injected in tests; the federation runtime otherwise. */
  loader?: RemoteLoader;
  /** Shown when the remote answers but does not expose `module`; without it that is an error like any other. */
  whenMissing?: ReactNode;
  /**
   * On the served `/`, for a browser that has never signed in: keep the served markup as it is and load nothing
   * ({@link StaticFirstScreenSlot}). For a slot whose served markup is everything a visitor can see and do there.
   */
  staticForVisitors?: boolean;
}

/** A remote's error notice with its retry; reports the failure once, when it is shown ({@link reportRemoteError}). */
function RemoteFailure({ remote, onRetry }: { remote: string; onRetry: () => void }) {
  useEffect(() => reportRemoteError(remote), [remote]);
  return <ErrorNotice message={messages.remoteLoadFailed} onRetry={onRetry} testId={`remote-error-${remote}`} />;
}

type SlotState = { status: 'ready'; Component: ComponentType } | { status: 'error' } | { status: 'missing' };

/**
 * Where a remote renders. Unlike plain React.lazy, which remembers a failure until the page reloads, the load is
 * state driven: `다시 시도` really loads the remote again. Errors while rendering are caught by the boundary, so
 * a remote that is down or broken never takes the page with it (ARCHITECTURE "Runtime composition").
 * On the served `/`, the first mount hydrates the server's markup of this remote
 * (docs/decisions/0032-server-rendered-first-screen.md, first-screen/first-screen-slot.tsx): it stays on screen,
 * untouched, until the remote has loaded and React attaches the remote's own render to it; a failed load shows the same
 * error and retry. With `staticForVisitors`, a browser that has never signed in keeps the served markup and loads
 * nothing (first-screen/first-screen-slot.tsx `StaticFirstScreenSlot`). Memoized: a served slot that re-renders before
 * its remote has loaded (a parent's update with the same props) cannot be hydrated then, and React would render it
 * anew, discarding the served elements.
 */
export const RemoteSlot = memo(function RemoteSlot({
  remote,
  module,
  loader = loadRemoteComponent,
  whenMissing,
  staticForVisitors = false,
}: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  // The outcome of one load, tagged with what was loaded: a new remote, module or attempt is `loading` until its own
  // outcome arrives.
  const [outcome, setOutcome] = useState<{ key: string; state: SlotState } | null>(null);
  const name = `${remote}/${module}`;
  const key = `${name}#${attempt}`;
  const tolerateMissing = whenMissing !== undefined;
  const [hydrating] = useState(() => !tolerateMissing && isFirstScreenServed(name));
  const hydrate = hydrating && attempt === 0;
  // Decided once per mount: signing in reloads the page (the identity server's redirect), which decides anew.
  const [staticMarkup] = useState(() => (staticForVisitors && !hasSignedInBefore() ? servedSlotMarkup(name) : null));

  useEffect(() => {
    if (hydrate || staticMarkup !== null) return undefined;
    let current = true;
    loader(remote, module).then(
      (Component) => current && setOutcome({ key, state: { status: 'ready', Component } }),
      (error: unknown) => {
        if (!current) return;
        if (tolerateMissing && error instanceof RemoteModuleMissingError)
          return setOutcome({ key, state: { status: 'missing' } });
        console.error(`[RemoteSlot] ${remote}/${module}`, error);
        setOutcome({ key, state: { status: 'error' } });
      },
    );
    return () => {
      current = false;
    };
  }, [remote, module, loader, key, tolerateMissing, hydrate, staticMarkup]);

  // Unmount the failed boundary at once, so the reloaded component mounts in a fresh one.
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const failure = <RemoteFailure remote={remote} onRetry={retry} />;

  // The served slot's release first; if it cannot be loaded any more, the live release, rendered anew
  // (docs/decisions/0057-remotes-ship-alone-with-ssr.md).
  const load = useCallback(async (): Promise<SlotLoad> => {
    const started = Date.now();
    try {
      return { Component: await loader(remote, module), matchesServed: true };
    } catch (error) {
      // A release that is gone fails at once (404); a remote whose server hangs would hang again for the live one.
      const gone = Date.now() - started < REMOTE_ENTRY_TIMEOUT_MS / 2;
      if (!gone || !registerLiveRelease(remote, servedReleases()[remote])) throw error;
      console.warn(
        `[RemoteSlot] ${remote}: 이 페이지를 그린 배포본을 불러오지 못해 현재 배포본으로 다시 그립니다`,
        error,
      );
      return { Component: await loader(remote, module), matchesServed: false };
    }
  }, [loader, remote, module]);
  if (staticMarkup !== null) return <StaticFirstScreenSlot remote={name} html={staticMarkup} />;
  if (hydrate) {
    return (
      <ErrorBoundary fallback={() => failure}>
        <Suspense fallback={<Loading />}>
          <HydratedRemote remote={name} load={load} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  const state = outcome?.key === key ? outcome.state : null;
  if (!state) return <Loading />;
  if (state.status === 'error') return failure;
  if (state.status === 'missing') return <>{whenMissing}</>;
  const { Component } = state;
  return (
    <ErrorBoundary key={attempt} fallback={() => failure}>
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    </ErrorBoundary>
  );
});
