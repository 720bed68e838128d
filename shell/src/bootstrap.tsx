import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorNotice, initAuth, loadRuntimeConfig } from '@linksite/platform';
import { PageViewTracker } from './analytics/page-view-tracker';
import { AppRoutes } from './app-routes';
import { startSessionUserSync } from './auth/session-user-sync';
import { registerRemotesFromConfig } from './remotes/remote-registry';
import './layout/global.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

// Config first: the remotes' URLs and the identity server are only known from /config.json (DECISIONS D8).
loadRuntimeConfig().then(
  (config) => {
    registerRemotesFromConfig(config);
    // The one Keycloak instance of the page. `/` renders at once; guarded routes wait for `initialized`.
    void initAuth(config.auth);
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
