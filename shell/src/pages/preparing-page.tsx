import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { parseRuntimeConfig } from '@linksite/platform';
import { messages } from '../lib/messages';
import { reloadPage } from '../lib/page-reload';

/** How often the page asks `/config.json` whether its remote is ready (ms). */
export const PREPARING_CHECK_MS = 2000;

/**
 * A screen whose remote a first `npm start` is still building (`/config.json` `preparing`,
 * docs/decisions/0066-visitor-ready-first-start.md): it says so politely, asks `/config.json` again every {@link
 * PREPARING_CHECK_MS} and, once the remote is served, loads the page again, so the page's Content-Security-Policy and
 * the remote's entry come from the configuration that names it. Its link goes home from a visitor's screen
 * (`publicArea`), to the administrator landing from any other.
 */
export function PreparingPage({ remote, publicArea }: { remote: string; publicArea: boolean }) {
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch('/config.json', { cache: 'no-store' });
        const config = parseRuntimeConfig(await response.json());
        if (!stopped && config.remotes[remote]) reloadPage();
      } catch {
        // Asked again at the next turn: the site server may be restarting.
      }
    };
    const timer = setInterval(() => void check(), PREPARING_CHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [remote]);
  return (
    <section className="notice-page" data-testid="remote-preparing" aria-busy="true">
      <h1 className="notice-page__title">{messages.preparingTitle}</h1>
      <p className="notice-page__body" role="status">
        {messages.preparingBody}
      </p>
      <Link className="lk-button" to={publicArea ? '/' : '/admin'}>
        {publicArea ? messages.goHome : messages.adminTitle}
      </Link>
    </section>
  );
}
