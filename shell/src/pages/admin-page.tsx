import { Link } from 'react-router-dom';
import { ko, useAuth } from '@linksite/platform';

/**
 * `/admin`, the administrator landing (spec §1): two large buttons, links and schedule, plus plain links to the
 * popup slots and the cover image so every screen is reachable (DECISIONS D7).
 */
export function AdminPage() {
  const name = useAuth((s) => s.profile?.name || s.profile?.username);
  return (
    <section className="admin-page">
      <h1 className="admin-page__title">{ko.adminTitle}</h1>
      <p className="admin-page__body">{name ? `${name} 님, ${ko.adminBody}` : ko.adminBody}</p>
      <div className="admin-page__buttons">
        <Link className="admin-page__button" to="/main/list" data-testid="admin-links-button">
          {ko.manageLinks}
        </Link>
        <Link className="admin-page__button" to="/plan/list" data-testid="admin-plans-button">
          {ko.managePlans}
        </Link>
      </div>
      <nav className="admin-page__links" aria-label="그 밖의 관리">
        <Link to="/popup/list">{ko.managePopups}</Link>
        <Link to="/uploadimage">{ko.changeCover}</Link>
      </nav>
    </section>
  );
}
