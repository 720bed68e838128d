// Standalone harness: the statistics screen on this remote's own port (reads /config.json too).
// Its data needs a signed-in administrator, which only the shell provides.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorNotice, loadRuntimeConfig } from '@linksite/platform';
import { InsightsRoutes } from './routes';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadRuntimeConfig().then(
  () =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <InsightsRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  (error: Error) => root.render(<ErrorNotice message={error.message} onRetry={() => window.location.reload()} />),
);
