import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorNotice, loadRuntimeConfig } from '@linksite/platform';
import { AppRoutes } from './app-routes';
import { registerRemotesFromConfig } from './remotes/remote-registry';
import './layout/global.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

// Config first: the remotes' URLs are only known from /config.json (DECISIONS D8).
loadRuntimeConfig().then(
  (config) => {
    registerRemotesFromConfig(config);
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    );
  },
  (error: Error) => root.render(<ErrorNotice message={error.message} onRetry={() => window.location.reload()} />),
);
