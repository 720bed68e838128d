// Standalone harness: shows the banner alone on this remote's own port (reads /config.json too).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorNotice, loadRuntimeConfig } from '@linksite/platform';
import { Banner } from './components/banner';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadRuntimeConfig().then(
  () =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Banner />
        </BrowserRouter>
      </StrictMode>,
    ),
  (error: Error) => root.render(<ErrorNotice message={error.message} onRetry={() => window.location.reload()} />),
);
