import { ko } from '../messages/ko';
import './ui.css';

/** The spec's loading text (`Loading....`), announced politely to screen readers. */
export function Loading({ className }: { className?: string }) {
  return (
    <div className={['lk-loading', className].filter(Boolean).join(' ')} role="status" aria-live="polite">
      {ko.loading}
    </div>
  );
}
