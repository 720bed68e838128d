import type { RestoreReport } from '../api/send-backup';
import { messages } from '../lib/messages';

/** `2026년 11월 20일 오후 12:00` in Seoul. */
const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** What a restore changes: each table's rows now and after, with the archive's time. */
export function RestoreReportTable({ report, title }: { report: RestoreReport; title: string }) {
  const tables = Object.keys(messages.tables).filter((table) => table in report.archive);
  return (
    <div className="backup-table">
      <p className="backup-table__head">
        <strong>{title}</strong>
        <span className="backup-table__when">{messages.reportCreatedAt(formatWhen(report.createdAt))}</span>
      </p>
      <table aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{messages.reportItem}</th>
            <th scope="col">{messages.reportNow}</th>
            <th scope="col">{messages.reportAfter}</th>
          </tr>
        </thead>
        <tbody>
          {tables.map((table) => (
            <tr key={table} data-testid={`backup-row-${table}`}>
              <th scope="row">{messages.tables[table]}</th>
              <td>{(report.current[table] ?? 0).toLocaleString('ko-KR')}</td>
              <td>{(report.archive[table] ?? 0).toLocaleString('ko-KR')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
