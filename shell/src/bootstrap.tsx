import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorNotice, loadRuntimeConfig, prepareAuth } from '@linksite/platform';
import { PageViewTracker } from './analytics/page-view-tracker';
import { AppRoutes } from './app-routes';
import { startSessionUserSync } from './auth/session-user-sync';
import { captureFirstScreen } from './first-screen/first-screen-slot';
import { registerRemotesFromConfig } from './remotes/remote-registry';
import './layout/global.css';

const container = document.getElementById('root') as HTMLElement;
// The served page's first screen (issue 14 item 1) stays on screen until each remote renders the same markup.
captureFirstScreen(container, window.location.pathname);
const root = createRoot(container);

// Config first: the remotes' URLs and the identity server are only known from /config.json (DECISIONS D8).
loadRuntimeConfig().then(
  (config) => {
    registerRemotesFromConfig(config);
    // The one Keycloak instance of the page, created now only when this browser has signed in before (issue 14
    // item 3); otherwise when an admin route or /login opens, or 관리자 is pressed. Guarded routes wait for it.
    void prepareAuth(config.auth);
    startSessionUserSync();
    root.render(
      <StrictMode>
        <BrowserRouter>
          <PageViewTracker />
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    );
  },
  (error: Error) => root.render(<ErrorNotice message={error.message} onRetry={() => window.location.reload()} />),
);
