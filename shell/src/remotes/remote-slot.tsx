import { Suspense, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary, ErrorNotice, ko, Loading } from '@linksite/platform';
import { loadRemoteComponent, RemoteModuleMissingError, type RemoteLoader } from './remote-registry';

export interface RemoteSlotProps {
  /** Federation name from /config.json, e.g. `mf_store`. */
  remote: string;
  /** Exposed module, e.g. `StorePage` for `./StorePage`. */
  module: string;
  /** Injected in tests; the federation runtime otherwise. */
  loader?: RemoteLoader;
  /** Shown when the remote answers but does not expose `module`; without it that is an error like any other. */
  whenMissing?: ReactNode;
}

type SlotState =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType }
  | { status: 'error' }
  | { status: 'missing' };

/**
 * Where a remote renders. Unlike plain React.lazy, which remembers a failure until the page reloads, the load is
 * state driven: `다시 시도` really loads the remote again. Errors while rendering are caught by the boundary, so
 * a remote that is down or broken never takes the page with it (ARCHITECTURE "Runtime composition").
 */
export function RemoteSlot({ remote, module, loader = loadRemoteComponent, whenMissing }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SlotState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loader(remote, module).then(
      (Component) => current && setState({ status: 'ready', Component }),
      (error: unknown) => {
        if (!current) return;
        if (whenMissing !== undefined && error instanceof RemoteModuleMissingError) return setState({ status: 'missing' });
        console.error(`[RemoteSlot] ${remote}/${module}`, error);
        setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
    // whenMissing is left out on purpose: a new element on each render must not reload the remote.
  }, [remote, module, loader, attempt]);

  // Unmount the failed boundary at once, so the reloaded component mounts in a fresh one.
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const failure = <ErrorNotice message={ko.remoteLoadFailed} onRetry={retry} testId={`remote-error-${remote}`} />;

  if (state.status === 'loading') return <Loading />;
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
}
