import type { AnalyticsSummary } from '@linksite/contract';
import { formatCount, formatDay } from '../lib/format';
import { messages } from '../lib/messages';

/** Days named in the note before the rest are only counted. */
const DAYS_NAMED = 3;

/** `11월 19일, 11월 20일` of the days whose `pick` is above 0, at most {@link DAYS_NAMED} of them (then `외 n일`). */
function namedDays(series: AnalyticsSummary['series'], pick: (day: AnalyticsSummary['series'][number]) => number) {
  const days = series.filter((day) => pick(day) > 0).map((day) => formatDay(day.day));
  const named = days.slice(0, DAYS_NAMED).join(', ');
  return days.length > DAYS_NAMED ? messages.moreDays(named, days.length - DAYS_NAMED) : named;
}

/**
 * Says when the period's numbers are not every event (docs/decisions/0072-cheap-analytics-ingest.md): days past the
 * API's daily budget were sampled (`sampled`: events left out), and events dropped to protect the site (`dropped`: a
 * visitor sending too many, a rush). Nothing when both are 0.
 */
export function SamplingNote({ report }: { report: AnalyticsSummary }) {
  const { sampled, dropped } = report.totals;
  if (sampled === 0 && dropped === 0) return null;
  return (
    <div className="insights-note" role="note" data-testid="insights-sampling-note">
      {sampled > 0 && (
        <>
          <p className="insights-note__title">{messages.sampledNote}</p>
          <p>
            {messages.sampledDetail(
              namedDays(report.series, (day) => day.sampled),
              formatCount(sampled),
            )}
          </p>
        </>
      )}
      {dropped > 0 && <p>{messages.droppedNote(formatCount(dropped))}</p>}
    </div>
  );
}
