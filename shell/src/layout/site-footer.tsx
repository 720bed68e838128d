import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { ko, runtimeConfigStore } from '@linksite/platform';

const icon = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    {path}
  </svg>
);

const HomeIcon = icon(<path fill="currentColor" d="M12 3.2 2.5 11h2.7v9h5.3v-6h3v6h5.3v-9h2.7L12 3.2Z" />);
const SocialIcon = icon(
  <path
    fill="currentColor"
    d="M7.5 2.5h9a5 5 0 0 1 5 5v9a5 5 0 0 1-5 5h-9a5 5 0 0 1-5-5v-9a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v9a3 3 0 0 0 3 3h9a3 3 0 0 0 3-3v-9a3 3 0 0 0-3-3h-9ZM12 7.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm5-3.25a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5Z"
  />,
);
const VideoIcon = icon(
  <path
    fill="currentColor"
    d="M21.6 7.2a2.8 2.8 0 0 0-2-2C17.9 4.7 12 4.7 12 4.7s-5.9 0-7.6.5a2.8 2.8 0 0 0-2 2A29 29 0 0 0 2 12a29 29 0 0 0 .4 4.8 2.8 2.8 0 0 0 2 2c1.7.5 7.6.5 7.6.5s5.9 0 7.6-.5a2.8 2.8 0 0 0 2-2A29 29 0 0 0 22 12a29 29 0 0 0-.4-4.8ZM10 15.1V8.9l5.2 3.1-5.2 3.1Z"
  />,
);

/** Footer (spec §1): home, social page and video channel from /config.json, each in a new tab (DECISIONS D7). */
export function SiteFooter() {
  const footer = useStore(runtimeConfigStore, (s) => s.config?.footer);
  if (!footer) return null;
  const links = [
    { href: footer.home, label: ko.footerHome, icon: HomeIcon },
    { href: footer.social, label: ko.footerSocial, icon: SocialIcon },
    { href: footer.video, label: ko.footerVideo, icon: VideoIcon },
  ];
  return (
    <footer className="site-footer">
      <nav className="site-footer__links" aria-label="바로가기">
        {links.map((link) => (
          <a
            key={link.label}
            className="site-footer__link"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.label}
            title={link.label}
          >
            {link.icon}
          </a>
        ))}
        {/* Seam: the administrator log in/out icon and administrator button come with the authentication issue. */}
      </nav>
    </footer>
  );
}
