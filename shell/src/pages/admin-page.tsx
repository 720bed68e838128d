import { Link } from 'react-router-dom';
import { rolesAllow } from '@linksite/contract/api-rules';
import { useAuth } from '@linksite/platform';
import { messages } from '../lib/messages';
import { screenRoles } from '../remotes/remote-areas';

/** One way into a screen from the landing: where, the words, and a test id where tests look for it. */
interface Entry {
  to: string;
  label: string;
  testId?: string;
}

/** The two large buttons of docs/product.md#1-purpose-and-audience. */
const MAIN: readonly Entry[] = [
  { to: '/main/list', label: messages.manageLinks, testId: 'admin-links-button' },
  { to: '/plan/list', label: messages.managePlans, testId: 'admin-plans-button' },
];

/** Every other screen, so each is reachable (docs/decisions/0007-screen-completions.md). */
const OTHERS: readonly Entry[] = [
  { to: '/popup/list', label: messages.managePopups },
  { to: '/popup/checkin', label: messages.checkIn, testId: 'admin-checkin-link' },
  { to: '/uploadimage', label: messages.changeCover },
  { to: '/insights', label: messages.insights, testId: 'admin-insights-link' },
  { to: '/main/qr', label: messages.qrCodes, testId: 'admin-qr-link' },
  { to: '/backup', label: messages.backupRestore },
  { to: '/people', label: messages.people, testId: 'admin-people-link' },
];

/**
 * `/admin`, the team's landing (docs/product.md#1-purpose-and-audience): two large buttons, links and schedule, plus
 * plain links to the other screens (docs/decisions/0038-share-and-qr.md). Each role sees only the screens it may open,
 * by the roles remotes.json gives them (docs/decisions/0079-roles.md): door staff see 입장 확인 alone, editors everything
 * but backup and people.
 */
export function AdminPage() {
  const name = useAuth((s) => s.profile?.name || s.profile?.username);
  const siteRoles = useAuth((s) => s.siteRoles);
  const mayOpen = ({ to }: Entry) => rolesAllow(siteRoles, screenRoles(to) ?? []);
  // A role without the two main screens (door staff) gets its own screens as the large buttons.
  const mainAllowed = MAIN.filter(mayOpen);
  const main = mainAllowed.length > 0 ? mainAllowed : OTHERS.filter(mayOpen);
  const others = mainAllowed.length > 0 ? OTHERS.filter(mayOpen) : [];
  const role = siteRoles[0];
  return (
    <section className="admin-page">
      <h1 className="admin-page__title">{messages.adminTitle}</h1>
      <p className="admin-page__body">{name ? `${name} 님, ${messages.adminBody}` : messages.adminBody}</p>
      {role && (
        <p className="admin-page__role" data-testid="admin-role">
          {messages.roleLine(messages.roleNames[role])}
        </p>
      )}
      {main.length > 0 && (
        <div className="admin-page__buttons">
          {main.map(({ to, label, testId }) => (
            <Link key={to} className="admin-page__button" to={to} data-testid={testId}>
              {label}
            </Link>
          ))}
        </div>
      )}
      {others.length > 0 && (
        <nav className="admin-page__links" aria-label={messages.otherAdminLinks}>
          {others.map(({ to, label, testId }) => (
            <Link key={to} to={to} data-testid={testId}>
              {label}
            </Link>
          ))}
        </nav>
      )}
    </section>
  );
}
