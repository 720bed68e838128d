import { useCallback, useId, useState } from 'react';
import { errorMessage, useRequest } from '@linksite/platform';
import { listAuditActors } from '../api/list-audit-actors';
import { listAudit, type AuditChange, type AuditEntry, type AuditFilters, type AuditSubject } from '../api/list-audit';
import { PERIODS, periodDays, type Period } from '../lib/audit-period';
import { messages } from '../lib/messages';

/** `2026년 11월 20일 오후 12:05`, in Seoul as on the other administrator screens. */
const seoul = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });

const SUBJECTS = Object.keys(messages.auditSubjects) as AuditSubject[];

/** One changed field: `label  before → after`, or the value alone when the entry created it. */
function Change({ change }: { change: AuditChange }) {
  return (
    <div className="audit-change" data-testid="audit-change">
      <dt className="audit-change__label">{change.label}</dt>
      <dd className="audit-change__value">
        {change.before === null ? (
          change.after
        ) : (
          <>
            <span className="audit-change__before">{change.before}</span> {messages.auditArrow}{' '}
            <span className="audit-change__after">{change.after ?? ''}</span>
          </>
        )}
      </dd>
    </div>
  );
}

/** One entry as a card: what happened (the server's Korean title), when in Seoul, who, and the fields it changed. */
function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="audit-card" data-testid="audit-entry">
      <h3 className="audit-card__title">{entry.title}</h3>
      <p className="audit-card__meta">
        <time dateTime={entry.at}>{seoul.format(new Date(entry.at))}</time>
        {' · '}
        <span data-testid="audit-actor">{entry.actorName ?? messages.auditUnnamedActor}</span>
      </p>
      {entry.changes.length > 0 && (
        <dl className="audit-card__changes">
          {entry.changes.map((change) => (
            <Change key={change.field} change={change} />
          ))}
        </dl>
      )}
      {entry.requestId && <p className="audit-card__request">{messages.auditRequestId(entry.requestId)}</p>}
    </li>
  );
}

/**
 * 변경 기록 (docs/decisions/0047-logs-metrics-audit.md; docs/decisions/0082-korean-audit-log.md): the audit trail of
 * administrator writes as cards, newest first, 20 at a time with "이전 기록 더 보기" (keyset pagination: the answer's `next`
 * is the next page's `before`, with the same filters). Each card: the server's Korean title (`링크 ‘…’ 추가 (사진 포함)`), when
 * (Asia/Seoul), who, and the changed fields with the forms' labels. Filters: person, subject (링크/일정/팝업 예약/예약/팝업
 * 안내/커버/사이트) and Seoul days (오늘, 최근 7일, 최근 30일, or two days of one's own); each change reloads the first page. Laid out
 * to read at 390 px without sideways scrolling.
 */
export function AuditLog() {
  const ids = useId();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [period, setPeriod] = useState<Period>('all');
  const firstPage = useCallback(() => listAudit(null, filters), [filters]);
  const first = useRequest(firstPage);
  const actors = useRequest(listAuditActors);
  const [older, setOlder] = useState<{ filters: AuditFilters; entries: AuditEntry[]; next: number | null } | null>(
    null,
  );
  const [moreLoading, setMoreLoading] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  const firstData = first.status === 'success' ? first.data : undefined;
  const olderHere = older?.filters === filters ? older : null;
  const entries = [...(firstData?.product ?? []), ...(olderHere?.entries ?? [])];
  const next = olderHere ? olderHere.next : (firstData?.next ?? null);
  const loading = first.status === 'loading' || moreLoading;
  const error = first.status === 'error' ? errorMessage(first.error) : moreError;
  const filtered = period !== 'all' || Object.values(filters).some(Boolean);

  const choose = (change: Partial<AuditFilters>) => {
    setMoreError(null);
    setFilters((current) => ({ ...current, ...change }));
  };
  const choosePeriod = (chosen: Period) => {
    setPeriod(chosen);
    // Custom keeps the days shown so far, to adjust them; a preset replaces them.
    if (chosen !== 'custom') choose({ from: undefined, to: undefined, ...periodDays(chosen) });
  };
  const clear = () => {
    setPeriod('all');
    setFilters({});
  };

  const more = async (before: number) => {
    const asked = filters;
    setMoreLoading(true);
    setMoreError(null);
    try {
      const page = await listAudit(before, asked);
      setOlder((current) => ({
        filters: asked,
        entries: [...(current?.filters === asked ? current.entries : []), ...page.product],
        next: page.next,
      }));
    } catch (failure) {
      setMoreError(errorMessage(failure));
    } finally {
      setMoreLoading(false);
    }
  };

  return (
    <section className="backup-card" aria-labelledby={`${ids}-audit`} data-testid="audit-log">
      <h2 id={`${ids}-audit`} className="backup-card__title">
        {messages.auditTitle}
      </h2>
      <p className="backup-card__body">{messages.auditBody}</p>
      <form
        className="audit-filters"
        role="search"
        aria-label={messages.auditFilters}
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="audit-filter">
          <span className="audit-filter__label">{messages.auditActor}</span>
          <select
            value={filters.actor ?? ''}
            onChange={(event) => choose({ actor: event.target.value || undefined })}
            data-testid="audit-filter-actor"
          >
            <option value="">{messages.auditActorAll}</option>
            {(actors.status === 'success' ? actors.data : []).map((actor) => (
              <option key={actor.sub} value={actor.sub}>
                {actor.name ?? messages.auditUnnamedActor}
              </option>
            ))}
          </select>
        </label>
        <label className="audit-filter">
          <span className="audit-filter__label">{messages.auditSubject}</span>
          <select
            value={filters.entity ?? ''}
            onChange={(event) => choose({ entity: (event.target.value || undefined) as AuditSubject | undefined })}
            data-testid="audit-filter-entity"
          >
            <option value="">{messages.auditSubjectAll}</option>
            {SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {messages.auditSubjects[subject]}
              </option>
            ))}
          </select>
        </label>
        <label className="audit-filter">
          <span className="audit-filter__label">{messages.auditPeriod}</span>
          <select
            value={period}
            onChange={(event) => choosePeriod(event.target.value as Period)}
            data-testid="audit-filter-period"
          >
            {PERIODS.map((choice) => (
              <option key={choice} value={choice}>
                {messages.auditPeriods[choice]}
              </option>
            ))}
          </select>
        </label>
        {period === 'custom' && (
          <>
            <label className="audit-filter">
              <span className="audit-filter__label">{messages.auditFrom}</span>
              <input
                type="date"
                value={filters.from ?? ''}
                max={filters.to}
                onChange={(event) => choose({ from: event.target.value || undefined })}
                data-testid="audit-filter-from"
              />
            </label>
            <label className="audit-filter">
              <span className="audit-filter__label">{messages.auditTo}</span>
              <input
                type="date"
                value={filters.to ?? ''}
                min={filters.from}
                onChange={(event) => choose({ to: event.target.value || undefined })}
                data-testid="audit-filter-to"
              />
            </label>
          </>
        )}
        {filtered && (
          <button
            type="button"
            className="backup-link-button audit-filters__clear"
            onClick={clear}
            data-testid="audit-filter-clear"
          >
            {messages.auditClear}
          </button>
        )}
      </form>
      {entries.length > 0 && (
        <ol className="audit-list">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {loading && (
        <p className="backup-card__status" role="status">
          {messages.auditLoading}
        </p>
      )}
      {!loading && !error && entries.length === 0 && (
        <p className="backup-card__status">{filtered ? messages.auditEmptyFiltered : messages.auditEmpty}</p>
      )}
      {error && (
        <p className="backup-screen__error" role="alert">
          {error}
        </p>
      )}
      {!loading && next !== null && (
        <button type="button" className="backup-link-button" onClick={() => void more(next)} data-testid="audit-more">
          {messages.auditMore}
        </button>
      )}
    </section>
  );
}
