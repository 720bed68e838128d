import type { AnalyticsSummary } from '@linksite/contract';
import { formatPercent } from '../lib/format';
import { messages } from '../lib/messages';

const NAMES = { mobile: messages.mobile, desktop: messages.desktop } as const;

/** Page views by device class, as one split bar and a line of text per class. */
export function DeviceSplit({ devices }: { devices: AnalyticsSummary['devices'] }) {
  const total = devices.reduce((sum, device) => sum + device.views, 0);
  return (
    <section className="insights-card" aria-labelledby="insights-devices-title" data-testid="insights-devices">
      <h2 id="insights-devices-title" className="insights-card__title">
        {messages.devicesTitle}
      </h2>
      <div className="insights-devices__bar" aria-hidden="true">
        {devices.map((device) => (
          <span
            key={device.device}
            className={`insights-devices__part insights-devices__part--${device.device}`}
            style={{ width: total > 0 ? `${(device.views / total) * 100}%` : '0%' }}
          />
        ))}
      </div>
      <ul className="insights-devices__list">
        {devices.map((device) => (
          <li key={device.device}>
            <span className={`insights-devices__dot insights-devices__dot--${device.device}`} aria-hidden="true" />
            {messages.deviceShare(
              NAMES[device.device],
              formatPercent(total > 0 ? device.views / total : 0),
              device.views,
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
