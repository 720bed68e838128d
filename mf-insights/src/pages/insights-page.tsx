import { useCallback, useState } from 'react';
import type { AnalyticsSummary } from '@linksite/contract';
import { errorMessage, ErrorNotice, Loading, useRequest } from '@linksite/platform';
import { fetchAnalyticsSummary, PERIODS, type Period } from '../api/fetch-analytics-summary';
import { CountTable } from '../components/count-table';
import { DailyChart, type CreateChart } from '../components/daily-chart';
import { DeviceSplit } from '../components/device-split';
import { LinkTable } from '../components/link-table';
import { SamplingNote } from '../components/sampling-note';
import { formatCount, formatLongDay, formatPercent } from '../lib/format';
import { messages } from '../lib/messages';
import '../components/insights.css';

function Totals({ report }: { report: AnalyticsSummary }) {
  const { views, visitors, clicks } = report.totals;
  const stats = [
    { label: messages.views, value: formatCount(views), testId: 'insights-total-views' },
    {
      label: messages.visitors,
      value: formatCount(visitors),
      hint: messages.visitorsHint,
      testId: 'insights-total-visitors',
    },
    { label: messages.clicks, value: formatCount(clicks), testId: 'insights-total-clicks' },
    {
      label: messages.ctr,
      value: formatPercent(views > 0 ? clicks / views : 0),
      hint: messages.ctrHint,
      testId: 'insights-total-ctr',
    },
  ];
  return (
    <dl className="insights-totals">
      {stats.map((stat) => (
        <div key={stat.label} className="insights-totals__item">
          <dt>{stat.label}</dt>
          <dd data-testid={stat.testId}>{stat.value}</dd>
          {stat.hint && <dd className="insights-totals__hint">{stat.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

function Report({ report, createChart }: { report: AnalyticsSummary; createChart?: CreateChart }) {
  return (
    <>
      <p className="insights__range">
        {messages.periodLabel(report.days)} · {messages.range(formatLongDay(report.from), formatLongDay(report.to))}
      </p>
      <SamplingNote report={report} />
      <Totals report={report} />
      <section className="insights-card insights-card--wide" aria-labelledby="insights-daily-title">
        <h2 id="insights-daily-title" className="insights-card__title">
          {messages.dailyTitle}
        </h2>
        <DailyChart series={report.series} days={report.days} createChart={createChart} />
      </section>
      <div className="insights-grid">
        <LinkTable links={report.links} />
        <CountTable
          title={messages.referrersTitle}
          nameLabel={messages.site}
          countLabel={messages.views}
          rows={report.referrers}
          empty={messages.noReferrers}
          testId="insights-referrers"
        />
        <CountTable
          title={messages.keywordsTitle}
          nameLabel={messages.keyword}
          countLabel={messages.clicks}
          rows={report.keywords}
          empty={messages.noKeywords}
          testId="insights-keywords"
        />
        <DeviceSplit devices={report.devices} />
        <CountTable
          title={messages.utmTitle}
          nameLabel={messages.source}
          countLabel={messages.views}
          rows={report.utmSources}
          empty={messages.noUtm}
          testId="insights-utm"
        />
      </div>
      <p className="insights__privacy">{messages.privacyNote}</p>
    </>
  );
}

/**
 * `/insights`, 방문 통계 (docs/decisions/0027-first-party-analytics.md): the last 7, 30 or 90 days of first-party analytics
 * — totals, a daily chart (Chart.js) with its table, clicks and click-through per link, top referrers, keywords, device
 * split and UTM sources, and a note when days were sampled or events dropped
 * (docs/decisions/0072-cheap-analytics-ingest.md). Switching the period keeps the last report on screen until the next
 * one arrives.
 */
export function InsightsPage({ createChart }: { createChart?: CreateChart }) {
  const [days, setDays] = useState<Period>(30);
  const fetcher = useCallback(() => fetchAnalyticsSummary(days), [days]);
  const request = useRequest(fetcher);
  const shown =
    request.status === 'success' ? request.data : request.status === 'loading' ? request.previous : undefined;

  return (
    <section
      className="admin-screen insights"
      aria-labelledby="insights-title"
      aria-busy={request.status === 'loading'}
    >
      <div className="admin-screen__head">
        <h1 id="insights-title" className="admin-screen__title">
          {messages.title}
        </h1>
        <div className="insights-periods" role="group" aria-label={messages.periodGroup}>
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className="insights-periods__button"
              aria-pressed={days === period}
              onClick={() => setDays(period)}
              data-testid={`insights-period-${period}`}
            >
              {messages.periodButton(period)}
            </button>
          ))}
        </div>
      </div>
      {request.status === 'error' && (
        <ErrorNotice
          message={`${messages.loadFailed} ${errorMessage(request.error)}`}
          onRetry={request.reload}
          testId="insights-error"
        />
      )}
      {!shown && request.status === 'loading' && <Loading />}
      {shown && <Report report={shown} createChart={createChart} />}
    </section>
  );
}
