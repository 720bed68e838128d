import { matchPath, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { runtimeConfigStore } from '@linksite/platform';
import { RequireAdmin } from '../auth/require-admin';
import { ComingSoonPage } from '../pages/coming-soon-page';
import { NotFoundPage } from '../pages/not-found-page';
import { RemoteSlot } from './remote-slot';

/** The administrator screens of spec §2 and the remote that owns each (its `./Routes`). */
export const REMOTE_AREAS: readonly { remote: string; paths: readonly string[] }[] = [
  { remote: 'mf_links', paths: ['/create', '/main/list', '/main/edit/:id'] },
  { remote: 'mf_plans', paths: ['/plan', '/plan/list', '/plan/edit/:id'] },
  { remote: 'mf_popups', paths: ['/popup', '/popup/list', '/popup/edit/:id'] },
  { remote: 'mf_cover', paths: ['/uploadimage'] },
];

/** The remote owning `pathname`, or null. */
export function remoteFor(pathname: string): string | null {
  const area = REMOTE_AREAS.find(({ paths }) => paths.some((path) => matchPath(path, pathname)));
  return area?.remote ?? null;
}

/**
 * Every path the shell does not route itself (mounted as the root splat `*`). A path of {@link REMOTE_AREAS} is
 * guarded and rendered by its remote's `./Routes` — a component rendering react-router `<Routes>` with the
 * absolute paths above (the splat sits at `/`, so they match as written). Until the remote is configured in
 * /config.json (or while it does not expose `./Routes`) the page says it is not ready yet. Anything else: 404.
 */
export function RemoteAreaRoute() {
  const { pathname } = useLocation();
  const remotes = useStore(runtimeConfigStore, (s) => s.config?.remotes);
  const remote = remoteFor(pathname);
  if (!remote) return <NotFoundPage />;
  return (
    <RequireAdmin>
      {remotes?.[remote] ? (
        <RemoteSlot remote={remote} module="Routes" whenMissing={<ComingSoonPage />} />
      ) : (
        <ComingSoonPage />
      )}
    </RequireAdmin>
  );
}
