import type { AnalyticsSummary } from '@linksite/contract';
import { formatCount, formatPercent } from '../lib/format';
import { messages } from '../lib/messages';

/**
 * Clicks and click-through per link, most clicked first (the report's order). A long name takes two lines at most,
 * then an ellipsis (full text in `title` and the cell's text), so the numbers stay on screen
 * (docs/decisions/0053-phone-proof-layout.md).
 */
export function LinkTable({ links }: { links: AnalyticsSummary['links'] }) {
  return (
    <section className="insights-card insights-card--wide" aria-labelledby="insights-links-title">
      <h2 id="insights-links-title" className="insights-card__title">
        {messages.linksTitle}
      </h2>
      {links.length === 0 ? (
        <p className="insights-card__empty">{messages.noLinks}</p>
      ) : (
        <div className="insights-table__scroll">
          <table className="insights-table" data-testid="insights-links">
            <thead>
              <tr>
                <th scope="col">{messages.link}</th>
                <th scope="col">{messages.clicks}</th>
                <th scope="col">
                  {messages.ctr}
                  <span className="insights-table__hint"> ({messages.ctrHint})</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.linkId} data-testid="insights-link-row">
                  <th scope="row" className="insights-table__name" title={link.pname}>
                    <span className="insights-table__name-text">{link.pname}</span>
                  </th>
                  <td>{formatCount(link.clicks)}</td>
                  <td>{formatPercent(link.ctr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
