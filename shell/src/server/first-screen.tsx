import { renderToString } from 'react-dom/server';
import { Loading } from '@linksite/platform';
import { ServedFirstScreenSlot } from '../first-screen/first-screen-slot';
import { AppFrame } from '../layout/app-layout';
import '../layout/global.css';

/**
 * Server rendering of the shell's frame around the remotes' first-screen markup
 * (docs/decisions/0032-server-rendered-first-screen.md, docs/first-screen.md): `slots` maps `<remote>/<module>`
 * (`mf_plans/Banner`, `mf_store/StorePage`) to the HTML the remote's own renderer made; each goes into the place the
 * shell gives that remote, wrapped in a `data-first-screen` slot in its own Suspense boundary, which the shell hydrates
 * (src/first-screen/first-screen-slot.tsx). The footer is left to the app (it needs /config.json; it renders after
 * hydration). Built to `dist/server/first-screen.js` and called by the shell's own server
 * (scripts/first-screen/first-screen-renderer.mjs).
 */
export function renderFrame(slots: Record<string, string>): string {
  // A slot the shell's server could not render (its remote's release unreadable, or its render failed) is what the
  // browser's first render of that remote shows while it loads (RemoteSlot): hydration then matches, and the remote
  // renders there in the browser.
  const slot = (name: string) => {
    const html = slots[name];
    return html === undefined ? <Loading /> : <ServedFirstScreenSlot remote={name} html={html} />;
  };
  return renderToString(<AppFrame banner={slot('mf_plans/Banner')}>{slot('mf_store/StorePage')}</AppFrame>);
}
