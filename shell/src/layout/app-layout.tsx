import { Outlet } from 'react-router-dom';
import { RemoteSlot } from '../remotes/remote-slot';
import { SiteFooter } from './site-footer';
import './layout.css';

/** Every route: the plans banner on top (spec §2 "Banner (above all routes)"), the page, the footer. */
export function AppLayout() {
  return (
    <div className="app">
      <header className="app__banner">
        <RemoteSlot remote="mf_plans" module="Banner" />
      </header>
      <main className="app__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
