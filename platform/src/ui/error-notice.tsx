import { ko } from '../messages/ko';
import './ui.css';

export interface ErrorNoticeProps {
  /** One Korean sentence (usually the server's `message`). */
  message: string;
  /** Shows a `다시 시도` button when given. */
  onRetry?: () => void;
  testId?: string;
  className?: string;
}

/** A failed load: the Korean message and a retry button, in place of the missing content. */
export function ErrorNotice({ message, onRetry, testId, className }: ErrorNoticeProps) {
  return (
    <div className={['lk-error', className].filter(Boolean).join(' ')} role="alert" data-testid={testId}>
      <p className="lk-error__message">{message}</p>
      {onRetry && (
        <button type="button" className="lk-button" onClick={onRetry}>
          {ko.retry}
        </button>
      )}
    </div>
  );
}
