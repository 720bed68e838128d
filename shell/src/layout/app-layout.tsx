import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useHydrated } from '../first-screen/first-screen-slot';
import { RemoteSlot } from '../remotes/remote-slot';
import { SiteFooter } from './site-footer';
import './layout.css';

/**
 * The page's frame: the banner area on top, the page, then the footer. Rendered by {@link AppLayout} and, with the
 * remotes' server markup and no footer, by the first-screen renderer (src/server/first-screen.tsx,
 * docs/decisions/0032-server-rendered-first-screen.md), so the served HTML and the app lay out the same.
 */
export function AppFrame({ banner, children, footer }: { banner: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="app">
      <header className="app__banner">{banner}</header>
      <main className="app__main">{children}</main>
      {footer}
    </div>
  );
}

/**
 * What the served first screen does not have (the footer): on a hydrated page it comes in the render after hydration.
 * A component of its own, so that render reaches nothing else (a served slot updated before its remote has loaded is
 * rendered anew instead of hydrated).
 */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/**
 * Every route: the plans banner on top (docs/product.md#2-screens-and-routes "Banner (above all routes)"), the page,
 * the footer.
 */
export function AppLayout() {
  return (
    <AppFrame
      // A visitor's banner on the served `/` is its served markup (plans, cover, reservation link): no remote loads.
      banner={<RemoteSlot remote="mf_plans" module="Banner" staticForVisitors />}
      footer={
        <AfterHydration>
          <SiteFooter />
        </AfterHydration>
      }
    >
      <Outlet />
    </AppFrame>
  );
}
