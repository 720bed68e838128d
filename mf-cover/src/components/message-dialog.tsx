import { useEffect, useId, useRef } from 'react';
import { messages } from '../lib/messages';

export interface MessageDialogProps {
  title: string;
  message: string;
  onClose: () => void;
}

/**
 * A modal message with one `닫기` button (`role="dialog"`, labelled by its title, described by its message). Focus
 * moves to the button on open and goes back where it was on close; Escape closes.
 */
export function MessageDialog({ title, message, onClose }: MessageDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      // One focusable element: keep Tab on it.
      if (event.key === 'Tab') event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="cover-dialog__backdrop">
      <div
        className="cover-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        data-testid="cover-dialog"
      >
        <h2 id={titleId} className="cover-dialog__title">
          {title}
        </h2>
        <p id={messageId} className="cover-dialog__message">
          {message}
        </p>
        <button ref={closeRef} type="button" className="admin-button cover-button" onClick={onClose}>
          {messages.close}
        </button>
      </div>
    </div>
  );
}
