import { useCallback, useEffect, useState } from 'react';

export type RequestState<T> =
  /** `previous`: the data of the last success, kept while a reload runs so a screen need not flash `불러오는 중…`. */
  { status: 'loading'; previous?: T } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

type Settled<T> = Exclude<RequestState<T>, { status: 'loading' }>;

/** What one run of a fetcher ended with; `fetcher` and `attempt` say which run it was. */
interface Outcome<T> {
  fetcher: () => Promise<T>;
  attempt: number;
  state: Settled<T>;
}

/**
 * Runs `fetcher` on mount, whenever `fetcher` changes and on `reload()`; ignores answers that arrive after unmount or
 * a newer run. While a run is under way the state is `loading` (with the last success as `previous`): it is derived
 * from which run the last outcome belongs to, not set at the start of each run.
 * `fetcher` must be stable (module-level function or useCallback).
 */
export function useRequest<T>(fetcher: () => Promise<T>): RequestState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const [lastData, setLastData] = useState<{ data: T } | null>(null);

  useEffect(() => {
    let current = true;
    fetcher().then(
      (data) => {
        if (!current) return;
        setOutcome({ fetcher, attempt, state: { status: 'success', data } });
        setLastData({ data });
      },
      (error: unknown) => current && setOutcome({ fetcher, attempt, state: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [fetcher, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const settled = outcome && outcome.fetcher === fetcher && outcome.attempt === attempt ? outcome.state : null;
  const state: RequestState<T> =
    settled ?? (lastData ? { status: 'loading', previous: lastData.data } : { status: 'loading' });
  return { ...state, reload };
}
