// Standalone harness: the banner and the schedule screens on this remote's own port (reads /config.json too).
// Writes need a signed-in administrator, which only the shell provides; alone, the screens can read.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorNotice, loadRuntimeConfig } from '@linksite/platform';
import { Banner } from './components/banner';
import { PlanRoutes } from './routes';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadRuntimeConfig().then(
  () =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Banner />
          <PlanRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  (error: Error) => root.render(<ErrorNotice message={error.message} onRetry={() => window.location.reload()} />),
);
