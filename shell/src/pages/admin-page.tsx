import { Link } from 'react-router-dom';
import { useAuth } from '@linksite/platform';
import { messages } from '../lib/messages';

/**
 * `/admin`, the administrator landing (spec §1): two large buttons, links and schedule, plus plain links to the
 * popup slots, the cover image, the visit statistics, backup and restore and the QR codes (issue 14 item 7), so every screen is reachable
 * (DECISIONS D7).
 */
export function AdminPage() {
  const name = useAuth((s) => s.profile?.name || s.profile?.username);
  return (
    <section className="admin-page">
      <h1 className="admin-page__title">{messages.adminTitle}</h1>
      <p className="admin-page__body">{name ? `${name} 님, ${messages.adminBody}` : messages.adminBody}</p>
      <div className="admin-page__buttons">
        <Link className="admin-page__button" to="/main/list" data-testid="admin-links-button">
          {messages.manageLinks}
        </Link>
        <Link className="admin-page__button" to="/plan/list" data-testid="admin-plans-button">
          {messages.managePlans}
        </Link>
      </div>
      <nav className="admin-page__links" aria-label={messages.otherAdminLinks}>
        <Link to="/popup/list">{messages.managePopups}</Link>
        <Link to="/uploadimage">{messages.changeCover}</Link>
        <Link to="/insights" data-testid="admin-insights-link">
          {messages.insights}
        </Link>
        <Link to="/backup">{messages.backupRestore}</Link>
        <Link to="/main/qr" data-testid="admin-qr-link">
          {messages.qrCodes}
        </Link>
      </nav>
    </section>
  );
}
