import { isRetryable } from '../http/api-error';
import { ko } from '../messages/ko';
import './ui.css';

export interface ErrorNoticeProps {
  /** One Korean sentence (usually the server's `message`). */
  message: string;
  /** Shows a `다시 시도` button when given (and `error`, if given, is one a retry can fix). */
  onRetry?: () => void;
  /**
   * The failure shown, when it is a request's: then `다시 시도` appears only for failures that can pass on a retry
   * (`isRetryable`: no answer, a timeout, 408, 429 or 5xx), never for a 404 or another 4xx
   * (docs/decisions/0055-form-flow.md).
   */
  error?: unknown;
  testId?: string;
  className?: string;
}

/** A failed load: the Korean message and, when a retry can help, a retry button, in place of the missing content. */
export function ErrorNotice({ message, onRetry, error, testId, className }: ErrorNoticeProps) {
  const retry = onRetry && (error === undefined || isRetryable(error)) ? onRetry : undefined;
  return (
    <div className={['lk-error', className].filter(Boolean).join(' ')} role="alert" data-testid={testId}>
      <p className="lk-error__message">{message}</p>
      {retry && (
        <button type="button" className="lk-button" onClick={retry}>
          {ko.retry}
        </button>
      )}
    </div>
  );
}
