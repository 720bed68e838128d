import { useId, useState } from 'react';
import { errorMessage, useRequest } from '@linksite/platform';
import type { PersonInvitation } from '../api/invite-person';
import { listPeople, type Person, type PersonRole } from '../api/list-people';
import { reinvitePerson } from '../api/reinvite-person';
import { updatePerson, type PersonChange } from '../api/update-person';
import { InvitationLink } from '../components/invitation-link';
import { InviteForm } from '../components/invite-form';
import { PersonItem, type PersonActions } from '../components/person-item';
import { messages } from '../lib/messages';
import '../components/backup-screens.css';

const words = messages.people;

/**
 * `/people`, 팀원 관리 (docs/decisions/0080-people-invites-totp.md; owner only): the people who may sign in, with role
 * (소유자/편집자/스태프), status (사용 중/초대됨/사용 중지) and 2단계 인증; invite by a one-time link (shown once, with a copy button and its
 * expiry in Seoul time); change a role; 사용 중지 (after a confirmation) and 다시 사용; 새 초대 링크 (the password reset). In
 * Keycloak mode the API says where Keycloak's own user management is, and the screen links there instead. Every refusal
 * shows the server's Korean sentence as an alert.
 */
export function PeoplePage() {
  const ids = useId();
  const people = useRequest(listPeople);
  const [invitation, setInvitation] = useState<PersonInvitation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // While a reload runs the list stays as it was (no flash of 불러오는 중…).
  const answer = people.status === 'success' ? people.data : people.status === 'loading' ? people.previous : undefined;
  const shownError = error ?? (people.status === 'error' ? errorMessage(people.error) : null);

  const change = async (person: Person, send: () => Promise<{ message: string }>) => {
    setBusy(person.id);
    setError(null);
    setNotice(null);
    try {
      setNotice((await send()).message);
      people.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };
  const patch = (person: Person, body: PersonChange) => change(person, () => updatePerson(person.id, body));

  const actions: PersonActions = {
    changeRole: (person, role: PersonRole) => void patch(person, { role }),
    setDisabled: (person, disabled) => {
      if (disabled && !window.confirm(words.confirmDisable(person.name || person.username))) return;
      void patch(person, { disabled });
    },
    reinvite: (person) =>
      void change(person, async () => {
        const answer = await reinvitePerson(person.id);
        setInvitation(answer.product);
        return answer;
      }),
  };

  const invited = (made: PersonInvitation) => {
    setInvitation(made);
    setNotice(null);
    people.reload();
  };

  return (
    <section className="admin-screen backup-screen people-screen" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className="admin-screen__title">
        {words.title}
      </h1>
      <p className="backup-screen__intro">{words.intro}</p>

      {people.status === 'loading' && !answer && (
        <p className="backup-card__status" role="status">
          {words.loading}
        </p>
      )}

      {answer?.kind === 'keycloak' && (
        <section className="backup-card" data-testid="people-keycloak">
          <p className="backup-card__body">{answer.message}</p>
          <a className="admin-button" href={answer.consoleUrl} target="_blank" rel="noreferrer">
            {words.keycloakLink}
          </a>
        </section>
      )}

      {answer?.kind === 'embedded' && (
        <>
          {invitation && <InvitationLink invitation={invitation} onClose={() => setInvitation(null)} />}
          <section className="backup-card" aria-labelledby={`${ids}-list`}>
            <h2 id={`${ids}-list`} className="backup-card__title">
              {words.listTitle}
            </h2>
            <ul className="people-list" data-testid="people-list">
              {answer.people.map((person) => (
                <PersonItem
                  key={`${person.id}-${person.role}`}
                  person={person}
                  busy={busy === person.id}
                  actions={actions}
                />
              ))}
            </ul>
            <p className="backup-card__status" role="status">
              {notice}
            </p>
          </section>
          <InviteForm onInvited={invited} />
        </>
      )}

      {shownError && (
        <p className="backup-screen__error" role="alert" data-testid="people-error">
          {shownError}
        </p>
      )}
    </section>
  );
}
