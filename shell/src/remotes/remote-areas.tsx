import { matchPath, useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import type { SiteRole } from '@linksite/contract/api-rules';
import { runtimeConfigStore } from '@linksite/platform';
import { RequireAdmin } from '../auth/require-admin';
import { ComingSoonPage } from '../pages/coming-soon-page';
import { NotFoundPage } from '../pages/not-found-page';
import { PreparingPage } from '../pages/preparing-page';
import { RemoteSlot } from './remote-slot';
import registry from '../../../remotes.json';

/** One screen of a remote: its path pattern and, for an administrator screen, the roles that may open it. */
export interface RemoteScreen {
  path: string;
  /** Who may open it (remotes.json; `owner` always among them). Empty for a public screen. */
  roles: readonly SiteRole[];
}

/** One area of the site a remote serves with its `./Routes`: its screens, and whether the shell guards them. */
export interface RemoteArea {
  remote: string;
  screens: readonly RemoteScreen[];
  /** Visitors may open it (a remote's `publicRoutes`, e.g. mf_popups' `/reserve`); otherwise the team only. */
  public: boolean;
}

/**
 * The screens of docs/product.md#2-screens-and-routes served by remotes, and the remote that owns each, from the one
 * registry of remotes (`remotes.json` at the repository root, also read by `npm start` and checked against the
 * deployment): every remote's `adminRoutes` (behind the guard, each open to the roles it names:
 * docs/decisions/0079-roles.md) and `publicRoutes` (open to visitors).
 */
export const REMOTE_AREAS: readonly RemoteArea[] = registry.remotes.flatMap(({ name, adminRoutes, publicRoutes }) => {
  return [
    ...(adminRoutes.length > 0
      ? [
          {
            remote: name,
            screens: adminRoutes.map(({ path, roles }) => ({ path, roles: roles as SiteRole[] })),
            public: false,
          },
        ]
      : []),
    ...(publicRoutes.length > 0
      ? [{ remote: name, screens: publicRoutes.map((path) => ({ path, roles: [] })), public: true }]
      : []),
  ];
});

/** The area and screen serving `pathname`, or null. */
export function remoteScreenFor(pathname: string): { area: RemoteArea; screen: RemoteScreen } | null {
  for (const area of REMOTE_AREAS) {
    const screen = area.screens.find(({ path }) => matchPath(path, pathname));
    if (screen) return { area, screen };
  }
  return null;
}

/** The area serving `pathname`, or null. */
export function remoteAreaFor(pathname: string): RemoteArea | null {
  return remoteScreenFor(pathname)?.area ?? null;
}

/**
 * Who may open the administrator screen at `pathname` (its remotes.json roles), or null when no remote's
 * administrator screen serves it. The /admin landing shows a role only the screens it may open.
 */
export function screenRoles(pathname: string): readonly SiteRole[] | null {
  const found = remoteScreenFor(pathname);
  return found && !found.area.public ? found.screen.roles : null;
}

/**
 * Every path the shell does not route itself (mounted as the root splat `*`). A path of {@link REMOTE_AREAS} is
 * rendered by its remote's `./Routes` — a component rendering react-router `<Routes>` with the absolute paths above
 * (the splat sits at `/`, so they match as written) — behind the guard, for the roles remotes.json gives the screen,
 * unless the area is public. Until the remote
 * is configured in /config.json (or while it does not expose `./Routes`) the page says it is not ready yet; while a
 * first `npm start` is still building it (`preparing`), that it is being prepared and will open by itself.
 * Anything else: 404.
 */
export function RemoteAreaRoute() {
  const { pathname } = useLocation();
  const remotes = useStore(runtimeConfigStore, (s) => s.config?.remotes);
  const preparing = useStore(runtimeConfigStore, (s) => s.config?.preparing);
  const found = remoteScreenFor(pathname);
  if (!found) return <NotFoundPage />;
  const { area, screen: remoteScreen } = found;
  const screen = preparing?.includes(area.remote) ? (
    <PreparingPage remote={area.remote} publicArea={area.public} />
  ) : remotes?.[area.remote] ? (
    <RemoteSlot remote={area.remote} module="Routes" whenMissing={<ComingSoonPage />} />
  ) : (
    <ComingSoonPage />
  );
  return area.public ? screen : <RequireAdmin roles={remoteScreen.roles}>{screen}</RequireAdmin>;
}
