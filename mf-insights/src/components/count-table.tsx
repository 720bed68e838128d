import type { AnalyticsSummary } from '@linksite/contract';
import { formatCount } from '../lib/format';

export interface CountTableProps {
  title: string;
  /** Header of the name column (사이트, 키워드…). */
  nameLabel: string;
  countLabel: string;
  rows: AnalyticsSummary['referrers'];
  empty: string;
  testId: string;
}

/**
 * A top-10 list (referrers, keywords, UTM sources) as a small table with a bar per row. A long name ends in an
 * ellipsis inside its column (full text in `title`), so the count stays on screen
 * (docs/decisions/0053-phone-proof-layout.md).
 */
export function CountTable({ title, nameLabel, countLabel, rows, empty, testId }: CountTableProps) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section className="insights-card" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="insights-card__title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="insights-card__empty">{empty}</p>
      ) : (
        <table className="insights-table insights-table--bars">
          <thead>
            <tr>
              <th scope="col">{nameLabel}</th>
              <th scope="col">{countLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row" title={row.name}>
                  <span className="insights-bar" style={{ width: `${(row.count / max) * 100}%` }} aria-hidden="true" />
                  <span className="insights-bar__label">{row.name}</span>
                </th>
                <td>{formatCount(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
