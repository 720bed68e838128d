import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorNotice, loadRuntimeConfig, prepareAuth } from '@linksite/platform';
import { PageViewTracker } from './analytics/page-view-tracker';
import { AppRoutes } from './app-routes';
import { startSessionUserSync } from './auth/session-user-sync';
import { captureFirstScreen, servedReleases } from './first-screen/first-screen-slot';
import { registerRemotesFromConfig } from './remotes/remote-registry';
import './layout/global.css';

const container = document.getElementById('root') as HTMLElement;
// The served page's first screen (docs/decisions/0032-server-rendered-first-screen.md) is hydrated, not replaced: React
// attaches to the served elements.
const hydrate = captureFirstScreen(container, window.location.pathname);

// Config first: the remotes' URLs and the identity server are only known from /config.json
// (docs/decisions/0008-runtime-configuration.md).
loadRuntimeConfig().then(
  (config) => {
    // A served slot's remote at the release that rendered it (the page's releases block), the others at their live one.
    registerRemotesFromConfig(config, servedReleases());
    // The one Keycloak instance of the page, created now only when this browser has signed in before
    // (docs/decisions/0034-visitor-loads-what-it-shows.md); otherwise when an admin route or /login opens, or 관리자 is
    // pressed. Guarded routes wait for it.
    void prepareAuth(config.auth);
    startSessionUserSync();
    const app = (
      <StrictMode>
        <BrowserRouter>
          <PageViewTracker />
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>
    );
    // A served slot the client renders differently (a `?tag=` the API refused, so none was served, or served data
    // older than the remote) is rendered anew by React, a recoverable error: logged, nothing breaks.
    // Hydration is a transition: React hydrates in slices of a few milliseconds and yields to the browser between
    // them (a tap, a paint), where a default-priority hydration runs to the end in one task
    // (docs/decisions/0057-remotes-ship-alone-with-ssr.md targets).
    if (hydrate) {
      startTransition(() => {
        hydrateRoot(container, app, { onRecoverableError: (error) => console.warn('[hydrate]', error) });
      });
    } else createRoot(container).render(app);
  },
  (error: Error) =>
    createRoot(container).render(<ErrorNotice message={error.message} onRetry={() => window.location.reload()} />),
);
