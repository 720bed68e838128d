import { Link } from 'react-router-dom';
import { ko, type Popup } from '@linksite/platform';
import { formatPopupDateTime, turnLabel } from '../lib/popup-format';

export interface PopupTableProps {
  popups: Popup[];
  onDelete: (popup: Popup) => void;
}

const number = (value: number) => value.toLocaleString('ko-KR');

/** The popup slots as a table (spec §2): ID, 회차, 일정 (start ~ end), 인원, 예약 가능 테이블, 관리 (수정, 삭제). */
export function PopupTable({ popups, onDelete }: PopupTableProps) {
  return (
    <div className="popup-table__scroll">
      <table className="popup-table" data-testid="popup-table">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">{ko.popupTurn}</th>
            <th scope="col">{ko.popupSchedule}</th>
            <th scope="col">{ko.popupCount}</th>
            <th scope="col">{ko.popupTables}</th>
            <th scope="col">{ko.popupActions}</th>
          </tr>
        </thead>
        <tbody>
          {popups.map((popup) => (
            <tr key={popup.id} data-testid="popup-row">
              <td className="popup-table__id">{popup.id}</td>
              <td className={popup.cnt ? undefined : 'popup-table__muted'}>{turnLabel(popup.cnt)}</td>
              <td className="popup-table__schedule">
                <time dateTime={popup.startdate}>{formatPopupDateTime(popup.startdate)}</time>
                {' ~ '}
                <time dateTime={popup.enddate}>{formatPopupDateTime(popup.enddate)}</time>
              </td>
              <td className="popup-table__number">{number(popup.count)}</td>
              <td className="popup-table__number">{number(popup.table)}</td>
              <td className="popup-table__actions">
                <Link className="popup-table__edit" to={`/popup/edit/${popup.id}`} aria-label={ko.popupRowEdit(popup.id)}>
                  {ko.edit}
                </Link>
                <button
                  type="button"
                  className="popup-table__delete"
                  aria-label={ko.popupRowDelete(popup.id)}
                  onClick={() => onDelete(popup)}
                >
                  {ko.delete}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
