import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { runtimeConfigStore, type RuntimeConfig } from '@linksite/platform';
import { Banner } from '../components/banner';
import { provideFirstScreenData, type BannerFirstScreen } from '../lib/first-screen-data';

/** The shell's slot this markup fills (`data-first-screen`: remote/module). */
export const slot = 'mf_plans/Banner';

/**
 * Server rendering of the banner (cover and upcoming plans; docs/decisions/0032-server-rendered-first-screen.md,
 * docs/first-screen.md): the same `Banner` the remote exposes, rendered from `data` (no request), as an HTML string.
 * Built to `dist/server/first-screen.js` (build/webpack-app.js), published with each release, and called by the shell's
 * server with `GET /api/site/first-screen`'s data (scripts/first-screen/first-screen-renderer.mjs).
 */
export function render(data: BannerFirstScreen): string {
  // Image addresses are same-origin `/api/…` on the served page.
  runtimeConfigStore.setState({
    config: { apiBaseUrl: '/api', remotes: {}, searchUrl: '' } as unknown as RuntimeConfig,
  });
  provideFirstScreenData(data);
  const html = renderToString(
    <MemoryRouter>
      <Banner />
    </MemoryRouter>,
  );
  // The cover's `style="background-image: …"`: the site's CSP refuses style attributes (`style-src-attr 'none'`),
  // so the served markup leaves it out (no console error); the banner sets it through the CSSOM once it runs.
  return html.replace(/ style="[^"]*"/g, '');
}
