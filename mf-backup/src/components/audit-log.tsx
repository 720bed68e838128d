import { useId, useState } from 'react';
import { errorMessage, useRequest } from '@linksite/platform';
import { listAudit, type AuditEntry } from '../api/list-audit';
import { messages } from '../lib/messages';

const seoul = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  dateStyle: 'medium',
  timeStyle: 'short',
});

const show = (value: unknown): string => (value === undefined ? '–' : JSON.stringify(value));

/** The fields whose value differs between `before` and `after`, as `field: before → after` lines. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => key !== 'updated_at');
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

function Entry({ entry }: { entry: AuditEntry }) {
  const entity = entry.entity ? (messages.auditEntities[entry.entity] ?? entry.entity) : entry.route;
  const action =
    entry.before === null && entry.after !== null
      ? messages.auditCreated
      : entry.after === null && entry.before !== null
        ? messages.auditDeleted
        : (messages.auditActions[entry.method] ?? entry.method);
  const changes = changedFields(entry);
  return (
    <li className="audit-entry" data-testid="audit-entry">
      <div className="audit-entry__head">
        <strong>
          {entity}
          {entry.entityId !== null && ` #${entry.entityId}`} · {action}
        </strong>
        <time dateTime={entry.at}>{seoul.format(new Date(entry.at))}</time>
      </div>
      <p className="audit-entry__who">
        {entry.actorName ?? entry.actorSub}
        {entry.requestId && <span className="audit-entry__request"> · {messages.auditRequestId(entry.requestId)}</span>}
      </p>
      {(entry.before !== null || entry.after !== null) && (
        <details className="audit-entry__changes">
          <summary>{messages.auditChanges}</summary>
          {changes.length > 0 ? (
            <ul>
              {changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>{messages.auditNoSnapshot}</p>
          )}
        </details>
      )}
    </li>
  );
}

/** The newest page (a stable fetcher for useRequest). */
const firstPage = () => listAudit(null);

/**
 * 변경 기록 (issue 15 item 7): the audit trail of administrator writes, newest first, 20 at a time with
 * "이전 기록 더 보기" (keyset pagination: the answer's `next` is the next page's `before`). Each entry: what (entity,
 * id, action), when (Asia/Seoul), who, the request id, and the changed fields before → after.
 */
export function AuditLog() {
  const ids = useId();
  const first = useRequest(firstPage);
  const [older, setOlder] = useState<{ entries: AuditEntry[]; next: number | null } | null>(null);
  const [moreLoading, setMoreLoading] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  const firstData = first.status === 'success' ? first.data : undefined;
  const entries = [...(firstData?.product ?? []), ...(older?.entries ?? [])];
  const next = older ? older.next : (firstData?.next ?? null);
  const loading = first.status === 'loading' || moreLoading;
  const error = first.status === 'error' ? errorMessage(first.error) : moreError;

  const more = async (before: number) => {
    setMoreLoading(true);
    setMoreError(null);
    try {
      const page = await listAudit(before);
      setOlder({ entries: [...(older?.entries ?? []), ...page.product], next: page.next });
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
      {!loading && !error && entries.length === 0 && <p className="backup-card__status">{messages.auditEmpty}</p>}
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
