import { useEffect, useMemo, useState } from 'react';
import type { Link } from '@linksite/contract';
import { fetchLinks } from '../api/fetch-links';
import { messages } from '../lib/messages';
import { makeQrFiles, QR_PNG_SIZE, type QrFiles } from '../lib/qr-files';
import './qr-page.css';

/** What a QR code points at: the site's first page, or one card's product link. */
interface QrTarget {
  /** The select's value: `site` or `link-<id>`. */
  key: string;
  name: string;
  url: string;
  /** File name without extension: `qr-site`, `qr-link-<id>`. */
  file: string;
}

/**
 * `/main/qr`, QR 코드 (docs/decisions/0038-share-and-qr.md): a QR code of the site's address or of any card's link, shown
 * and downloadable as a 1024 px PNG and as an SVG, for posters at a popup store. Cards come from `GET /api/main/list`;
 * a card without a link cannot be chosen. When the cards do not load, the site's code still can be made.
 */
export function QrPage() {
  const site = useMemo<QrTarget>(
    () => ({ key: 'site', name: messages.qrTargetSite, url: new URL('/', window.location.href).href, file: 'qr-site' }),
    [],
  );
  const [links, setLinks] = useState<Link[] | 'error' | null>(null);
  const [key, setKey] = useState('site');
  const [files, setFiles] = useState<{ url: string; files: QrFiles | 'error' } | null>(null);

  useEffect(() => {
    let current = true;
    fetchLinks().then(
      (loaded) => current && setLinks(loaded),
      () => current && setLinks('error'),
    );
    return () => {
      current = false;
    };
  }, []);

  const targets = useMemo<QrTarget[]>(() => {
    const cards = Array.isArray(links) ? links : [];
    return [
      site,
      ...cards.flatMap((link) =>
        link.link ? [{ key: `link-${link.id}`, name: link.pname, url: link.link, file: `qr-link-${link.id}` }] : [],
      ),
    ];
  }, [links, site]);
  const target = targets.find((t) => t.key === key) ?? site;

  useEffect(() => {
    let current = true;
    makeQrFiles(target.url).then(
      (made) => current && setFiles({ url: target.url, files: made }),
      () => current && setFiles({ url: target.url, files: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [target.url]);

  const ready = files?.url === target.url ? files.files : null;
  return (
    <section className="admin-screen qr-screen" aria-labelledby="qr-title">
      <h1 id="qr-title" className="admin-screen__title">
        {messages.qrTitle}
      </h1>
      <p className="qr-screen__intro">{messages.qrIntro}</p>
      <div className="admin-form qr-card">
        <label className="admin-form__field">
          <span className="admin-form__label">{messages.qrTargetLabel}</span>
          <select
            className="admin-form__input"
            value={target.key}
            onChange={(event) => setKey(event.target.value)}
            data-testid="qr-target"
          >
            <option value="site">{messages.qrTargetSite}</option>
            {Array.isArray(links) &&
              links.map((link) => (
                <option key={link.id} value={`link-${link.id}`} disabled={!link.link}>
                  {link.link ? messages.qrTargetLink(link.pname) : messages.qrTargetNoLink(link.pname)}
                </option>
              ))}
          </select>
        </label>
        {links === 'error' && (
          <p className="qr-screen__notice" role="alert">
            {messages.qrCardsFailed}
          </p>
        )}
        <figure className="qr-preview">
          <div className="qr-preview__frame">
            {ready && ready !== 'error' && (
              <img
                className="qr-preview__image"
                src={ready.svg}
                alt={messages.qrAlt(target.name)}
                width={240}
                height={240}
                data-testid="qr-image"
              />
            )}
            {!ready && <span className="qr-preview__pending">{messages.qrMaking}</span>}
            {ready === 'error' && (
              <span className="qr-preview__pending" role="alert">
                {messages.qrFailed}
              </span>
            )}
          </div>
          <figcaption className="qr-preview__url" data-testid="qr-url">
            {target.url}
          </figcaption>
        </figure>
        <div className="qr-actions">
          {ready && ready !== 'error' && (
            <>
              <a
                className="admin-button"
                href={ready.png}
                download={`${target.file}.png`}
                title={`${QR_PNG_SIZE}×${QR_PNG_SIZE} PNG`}
                data-testid="qr-download-png"
              >
                {messages.qrDownloadPng}
              </a>
              <a
                className="admin-button"
                href={ready.svg}
                download={`${target.file}.svg`}
                data-testid="qr-download-svg"
              >
                {messages.qrDownloadSvg}
              </a>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
