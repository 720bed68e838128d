// Standalone harness: serves the store page alone on this remote's own port (reads /config.json too).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorNotice, loadRuntimeConfig } from '@linksite/platform';
import { StorePage } from './pages/store-page';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadRuntimeConfig().then(
  () =>
    root.render(
      <StrictMode>
        <StorePage />
      </StrictMode>,
    ),
  (error: Error) => root.render(<ErrorNotice message={error.message} onRetry={() => window.location.reload()} />),
);
