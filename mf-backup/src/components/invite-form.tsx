import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@linksite/platform';
import { invitePerson, type PersonInvitation } from '../api/invite-person';
import type { PersonRole } from '../api/list-people';
import { messages } from '../lib/messages';

const words = messages.people;
export const ROLES = Object.keys(words.roles) as PersonRole[];

/**
 * 새 팀원 초대 (docs/decisions/0080-people-invites-totp.md): 이름, 아이디, 이메일 (optional), 역할 → `POST /api/people/invitations`.
 * The server checks every field and answers in Korean; its sentence is shown as an alert under the form. `onInvited`
 * gets the person and their one-time link.
 */
export function InviteForm({ onInvited }: { onInvited: (invitation: PersonInvitation) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<PersonRole>('editor');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const { product } = await invitePerson({ name, username, email: email.trim() || null, role });
      setName('');
      setUsername('');
      setEmail('');
      onInvited(product);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="admin-form people-invite" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="backup-card__title">
        {words.inviteTitle}
      </h2>
      <p className="backup-card__body">{words.inviteBody}</p>
      <label className="admin-form__field">
        <span className="admin-form__label">{words.name}</span>
        <input
          className="admin-form__input"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          required
        />
      </label>
      <label className="admin-form__field">
        <span className="admin-form__label">{words.username}</span>
        <input
          className="admin-form__input"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
      </label>
      <label className="admin-form__field">
        <span className="admin-form__label">{words.email}</span>
        <input
          className="admin-form__input"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
        />
      </label>
      <label className="admin-form__field">
        <span className="admin-form__label">{words.role}</span>
        <select
          className="admin-form__input"
          value={role}
          onChange={(event) => setRole(event.target.value as PersonRole)}
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {words.roles[value]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="admin-button" disabled={sending}>
        {sending ? words.inviting : words.inviteButton}
      </button>
      {error && (
        <p className="backup-screen__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
