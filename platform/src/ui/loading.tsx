import { ko } from '../messages/ko';
import './ui.css';

/** The loading text (`불러오는 중…`, the spec's `Loading....` in Korean), announced politely to screen readers. */
export function Loading({ className }: { className?: string }) {
  return (
    <div className={['lk-loading', className].filter(Boolean).join(' ')} role="status" aria-live="polite">
      {ko.loading}
    </div>
  );
}
