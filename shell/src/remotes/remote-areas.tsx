import { matchPath, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { runtimeConfigStore } from '@linksite/platform';
import { RequireAdmin } from '../auth/require-admin';
import { ComingSoonPage } from '../pages/coming-soon-page';
import { NotFoundPage } from '../pages/not-found-page';
import { PreparingPage } from '../pages/preparing-page';
import { RemoteSlot } from './remote-slot';
import registry from '../../../remotes.json';

/** One area of the site a remote serves with its `./Routes`: its paths, and whether the shell guards them. */
export interface RemoteArea {
  remote: string;
  paths: readonly string[];
  /** Visitors may open it (a remote's `publicRoutes`, e.g. mf_popups' `/reserve`); otherwise administrators only. */
  public: boolean;
}

/**
 * The screens of spec §2 served by remotes, and the remote that owns each, from the one registry of remotes
 * (`remotes.json` at the repository root, also read by `npm start` and checked against the deployment): every remote's
 * `adminRoutes` (behind the guard) and `publicRoutes` (open to visitors).
 */
export const REMOTE_AREAS: readonly RemoteArea[] = registry.remotes.flatMap(({ name, adminRoutes, publicRoutes }) => {
  return [
    ...(adminRoutes.length > 0 ? [{ remote: name, paths: adminRoutes, public: false }] : []),
    ...(publicRoutes.length > 0 ? [{ remote: name, paths: publicRoutes, public: true }] : []),
  ];
});

/** The area serving `pathname`, or null. */
export function remoteAreaFor(pathname: string): RemoteArea | null {
  return REMOTE_AREAS.find(({ paths }) => paths.some((path) => matchPath(path, pathname))) ?? null;
}

/**
 * Every path the shell does not route itself (mounted as the root splat `*`). A path of {@link REMOTE_AREAS} is
 * rendered by its remote's `./Routes` — a component rendering react-router `<Routes>` with the absolute paths above
 * (the splat sits at `/`, so they match as written) — behind the guard unless the area is public. Until the remote
 * is configured in /config.json (or while it does not expose `./Routes`) the page says it is not ready yet; while a
 * first `npm start` is still building it (`preparing`), that it is being prepared and will open by itself.
 * Anything else: 404.
 */
export function RemoteAreaRoute() {
  const { pathname } = useLocation();
  const remotes = useStore(runtimeConfigStore, (s) => s.config?.remotes);
  const preparing = useStore(runtimeConfigStore, (s) => s.config?.preparing);
  const area = remoteAreaFor(pathname);
  if (!area) return <NotFoundPage />;
  const screen = preparing?.includes(area.remote) ? (
    <PreparingPage remote={area.remote} publicArea={area.public} />
  ) : remotes?.[area.remote] ? (
    <RemoteSlot remote={area.remote} module="Routes" whenMissing={<ComingSoonPage />} />
  ) : (
    <ComingSoonPage />
  );
  return area.public ? screen : <RequireAdmin>{screen}</RequireAdmin>;
}
