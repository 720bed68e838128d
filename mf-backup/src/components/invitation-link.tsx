import { useEffect, useId, useRef, useState } from 'react';
import type { PersonInvitation } from '../api/invite-person';
import { messages } from '../lib/messages';
import { seoulInstant } from '../lib/seoul-instant';

const words = messages.people;

/**
 * A one-time invitation link, shown once (docs/decisions/0080-people-invites-totp.md): the link in a read-only field
 * (selectable by hand), a copy button (the Clipboard API; a refusal says to copy by hand), and when it stops working in
 * Seoul time. Focused when it appears.
 */
export function InvitationLink({ invitation, onClose }: { invitation: PersonInvitation; onClose: () => void }) {
  const id = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const panel = useRef<HTMLElement>(null);
  // The link may appear far from the button that made it (the invite form is below the list on a phone): bring it
  // into view and to the screen reader.
  useEffect(() => panel.current?.focus(), [invitation]);
  const name = invitation.person.name || invitation.person.username;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(invitation.invitation.url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <section
      ref={panel}
      tabIndex={-1}
      className="people-link"
      aria-labelledby={`${id}-title`}
      data-testid="people-invitation"
    >
      <h3 id={`${id}-title`} className="people-link__title">
        {words.linkTitle(name)}
      </h3>
      <p className="people-link__hint">{words.linkHint}</p>
      <input
        className="admin-form__input people-link__url"
        readOnly
        value={invitation.invitation.url}
        aria-label={words.linkTitle(name)}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="people-invitation-url"
      />
      <p className="people-link__expires" data-testid="people-invitation-expires">
        {words.linkExpires(seoulInstant(invitation.invitation.expiresAt))}
      </p>
      <div className="people-link__actions">
        <button type="button" className="admin-button" onClick={() => void copyLink()}>
          {words.copy}
        </button>
        <button type="button" className="backup-link-button" onClick={onClose}>
          {words.closeLink}
        </button>
      </div>
      <p className="people-link__status" role="status">
        {copy === 'copied' ? words.copied : null}
      </p>
      {copy === 'failed' && (
        <p className="backup-screen__error" role="alert">
          {words.copyFailed}
        </p>
      )}
    </section>
  );
}
