import { formatPopupDateTime } from '../lib/popup-format';
import { messages } from '../lib/messages';
import type { WaitingRoomState } from '../lib/use-waiting-room';

export interface WaitingRoomProps {
  state: WaitingRoomState;
  /** Why the visitor is back in line (the admission window ended), or null. */
  notice: string | null;
  onRetry: () => void;
}

/** `약 3분`, `1분 이내`: a wait in words. */
export function waitInWords(seconds: number): string {
  return seconds < 60 ? messages.queueWaitUnderMinute : messages.queueWaitMinutes(Math.ceil(seconds / 60));
}

/**
 * The waiting room above the booking form (docs/decisions/0074-waiting-room.md): while waiting, the visitors ahead and
 * an estimate, said politely and announced to screen readers as they change; once admitted, until when the form may be
 * sent. The form below can be filled in while waiting; it is sent once the visitor's turn comes.
 */
export function WaitingRoom({ state, notice, onRetry }: WaitingRoomProps) {
  if (state.phase === 'error') {
    return (
      <div className="waiting-room waiting-room--error" role="alert" data-testid="waiting-room">
        <p>{state.message}</p>
        <button type="button" className="reserve-button reserve-button--ghost reserve-button--small" onClick={onRetry}>
          {messages.queueRetry}
        </button>
      </div>
    );
  }
  if (state.phase === 'admitted') {
    return (
      <div className="waiting-room waiting-room--admitted" role="status" data-testid="waiting-room">
        <p className="waiting-room__title">{messages.queueAdmittedTitle}</p>
        {state.place.admittedUntil && (
          <p>{messages.queueAdmittedUntil(formatPopupDateTime(state.place.admittedUntil))}</p>
        )}
      </div>
    );
  }
  return (
    <div className="waiting-room" role="status" aria-live="polite" data-testid="waiting-room">
      {notice && <p className="waiting-room__notice">{notice}</p>}
      <p className="waiting-room__title">{messages.queueWaitingTitle}</p>
      {state.phase === 'waiting' ? (
        <>
          <p className="waiting-room__position" data-testid="queue-ahead">
            {state.place.ahead > 0 ? messages.queueAhead(state.place.ahead) : messages.queueNext}
          </p>
          {state.place.estimateSeconds !== null && (
            <p data-testid="queue-estimate">{messages.queueEstimate(waitInWords(state.place.estimateSeconds))}</p>
          )}
          <p className="waiting-room__hint">{messages.queueHint}</p>
        </>
      ) : (
        <p>{messages.queueJoining}</p>
      )}
    </div>
  );
}
