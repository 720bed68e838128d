import { renderToString } from 'react-dom/server';
import { runtimeConfigStore, type RuntimeConfig } from '@linksite/platform';
import { provideFirstScreenData, type StoreFirstScreen } from '../lib/first-screen-data';
import { StorePage } from '../pages/store-page';

/** The shell's slot this markup fills (`data-first-screen`: remote/module). */
export const slot = 'mf_store/StorePage';

/**
 * Server rendering of the store page's first screen (docs/decisions/0032-server-rendered-first-screen.md,
 * docs/first-screen.md): the same `StorePage` the remote exposes, rendered from `data` (no request), as an HTML string.
 * Built to `dist/server/first-screen.js` (build/webpack-app.js), published with each release, and called by the shell's
 * server with `GET /api/site/first-screen`'s data (scripts/first-screen/first-screen-renderer.mjs). The keyword cloud
 * renders its reserved box only (its layout needs a browser); buttons that depend on the browser render as the client's
 * first render does.
 */
export function render(data: StoreFirstScreen): string {
  // Image addresses are same-origin `/api/…` on the served page.
  runtimeConfigStore.setState({
    config: { apiBaseUrl: '/api', remotes: {}, searchUrl: '' } as unknown as RuntimeConfig,
  });
  provideFirstScreenData(data);
  // No style attributes: the site's CSP refuses them (`style-src-attr 'none'`), and the page hydrates this markup
  // as it is (React does not add an attribute the server left out). What needs inline styles (the keyword cloud's
  // words and tooltip) renders in the browser only.
  return renderToString(<StorePage />);
}
