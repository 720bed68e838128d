import { messages } from '../lib/messages';

/**
 * The upload's progress bar and its whole percentage (docs/product.md#4-states-and-transitions: rounded down, 0–100).
 */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="cover-progress">
      <div
        className="cover-progress__track"
        role="progressbar"
        aria-label={messages.coverProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="cover-progress"
      >
        <div className="cover-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="cover-progress__value" data-testid="cover-progress-value">
        {percent}%
      </span>
    </div>
  );
}
