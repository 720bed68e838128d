import { useState } from 'react';
import type { Person, PersonRole } from '../api/list-people';
import { messages } from '../lib/messages';
import { seoulInstant } from '../lib/seoul-instant';
import { ROLES } from './invite-form';

const words = messages.people;

/** What a person's row can ask for; the page sends it and reloads the list. */
export interface PersonActions {
  changeRole(person: Person, role: PersonRole): void;
  setDisabled(person: Person, disabled: boolean): void;
  reinvite(person: Person): void;
}

/**
 * One person (docs/decisions/0080-people-invites-totp.md): name and username, role, status, 2단계 인증; then the role
 * select with 역할 저장, 사용 중지 or 다시 사용, and 새 초대 링크 (비밀번호 재설정). `busy` disables the buttons while a change of this row is
 * sent.
 */
export function PersonItem({ person, busy, actions }: { person: Person; busy: boolean; actions: PersonActions }) {
  const [role, setRole] = useState<PersonRole>(person.role);
  const name = person.name || person.username;
  const disabled = person.status === 'disabled';

  return (
    <li className={`people-item people-item--${person.status}`} data-testid={`person-${person.username}`}>
      <div className="people-item__who">
        <span className="people-item__name">{name}</span>
        <span className="people-item__username">{person.username}</span>
      </div>
      <div className="people-item__facts">
        <span className="people-chip">{words.roles[person.role]}</span>
        <span className={`people-chip people-chip--${person.status}`}>{words.statuses[person.status]}</span>
        <span className="people-chip">{person.totp ? words.totpOn : words.totpOff}</span>
        {person.status === 'invited' && person.invitationExpiresAt && (
          <span className="people-item__until">{words.invitedUntil(seoulInstant(person.invitationExpiresAt))}</span>
        )}
      </div>
      <div className="people-item__actions">
        <select
          className="admin-form__input people-item__select"
          value={role}
          onChange={(event) => setRole(event.target.value as PersonRole)}
          aria-label={words.changeRole(name)}
          disabled={busy}
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {words.roles[value]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="admin-button"
          onClick={() => actions.changeRole(person, role)}
          disabled={busy || role === person.role}
        >
          {words.saveRole}
        </button>
        <button
          type="button"
          className={disabled ? 'admin-button' : 'admin-button people-item__danger'}
          onClick={() => actions.setDisabled(person, !disabled)}
          disabled={busy}
        >
          {disabled ? words.enable : words.disable}
        </button>
        <button type="button" className="backup-link-button" onClick={() => actions.reinvite(person)} disabled={busy}>
          {words.reinvite}
        </button>
      </div>
    </li>
  );
}
