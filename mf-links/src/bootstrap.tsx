// Standalone harness: serves the link screens alone on this remote's own port (reads /config.json too). Without
// the shell nobody signs in, so writes answer 401 here; reads work.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorNotice, loadRuntimeConfig } from '@linksite/platform';
import { LinkRoutes } from './routes';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadRuntimeConfig().then(
  () =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <LinkRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  (error: Error) => root.render(<ErrorNotice message={error.message} onRetry={() => window.location.reload()} />),
);
