import { useCallback, type ReactNode } from 'react';
import './conflict-panel.css';

/** One field of a stale save's comparison (docs/decisions/0048-no-silent-overwrite.md). */
export interface ConflictRow {
  /** The field's stable name (`pname`, `enddate`, `image`): the row's React key and, with `rowTestIdPrefix`, its test id. */
  key: string;
  /** The field's name as the form labels it. */
  label: string;
  /** The value stored now, as a person reads it (text, or an element such as the current cover's preview). */
  stored: ReactNode;
  /** The administrator's value, as a person reads it. */
  mine: ReactNode;
  /**
   * Who changed the field since the form loaded: `other` marks the stored value (다른 관리자가 바꿈), `me` the
   * administrator's (내가 바꿈). Absent: no marks.
   */
  changedBy?: { other?: boolean; me?: boolean };
}

/** The panel's sentences; each remote passes its own (its `src/lib/messages.ts`, platform README rule 4). */
export interface ConflictPanelLabels {
  /** The heading, e.g. `다른 관리자가 먼저 저장했습니다`. */
  title: string;
  /** The table's caption. */
  caption: string;
  /** The three column heads: field, stored value, the administrator's value. */
  field: string;
  stored: string;
  mine: string;
  /** The marks of `ConflictRow.changedBy`. */
  byOther: string;
  byMe: string;
  /** Below the table: what the two buttons do. */
  help: string;
  /** The buttons: apply the administrator's change on top of the stored values, or reload the stored values. */
  apply: string;
  discard: string;
  /** Shown instead of an empty table when nothing differs; without it the empty table is shown. */
  none?: string;
}

/** A remote's messages holding the panel's sentences under these names (each remote owns its wording). */
export interface ConflictMessages {
  conflictTitle: string;
  conflictCaption: string;
  conflictField: string;
  conflictStored: string;
  conflictMine: string;
  conflictByOther: string;
  conflictByMe: string;
  conflictHelp: string;
  conflictApply: string;
  conflictDiscard: string;
  conflictNone?: string;
}

/** The panel's labels from a remote's messages (`conflictTitle` → `title`, …; `none` only when it has one). */
export function conflictPanelLabels(messages: ConflictMessages): ConflictPanelLabels {
  return {
    title: messages.conflictTitle,
    caption: messages.conflictCaption,
    field: messages.conflictField,
    stored: messages.conflictStored,
    mine: messages.conflictMine,
    byOther: messages.conflictByOther,
    byMe: messages.conflictByMe,
    help: messages.conflictHelp,
    apply: messages.conflictApply,
    discard: messages.conflictDiscard,
    ...(messages.conflictNone ? { none: messages.conflictNone } : {}),
  };
}

export interface ConflictPanelProps {
  /** The server's 409 sentence (the API's Korean `message`). */
  message: string;
  /** The fields whose stored value differs from the administrator's, in the form's order. */
  rows: readonly ConflictRow[];
  labels: ConflictPanelLabels;
  onApply: () => void;
  onDiscard: () => void;
  /** The panel's `data-testid` (default `conflict-panel`). */
  testId?: string;
  /** Each row's `data-testid` is this prefix and its key (default `conflict-`: `conflict-pname`). */
  rowTestIdPrefix?: string;
}

/**
 * What a stale save ran into (docs/decisions/0048-no-silent-overwrite.md, "no silent overwrite"), shown above an edit
 * form after a 409: the server's sentence, a table of each field stored vs. the administrator's value with who changed
 * it, and two buttons, apply my change on top of the stored values (`onApply`) or reload the stored values
 * (`onDiscard`). One component for every edit form (links, schedules, popup slots, the cover). It takes the focus when
 * it appears (`role="alert"`), so a screen reader reads it and the keyboard starts there. The buttons carry
 * `conflict-apply` / `conflict-discard`.
 */
export function ConflictPanel({
  message,
  rows,
  labels,
  onApply,
  onDiscard,
  testId = 'conflict-panel',
  rowTestIdPrefix = 'conflict-',
}: ConflictPanelProps) {
  const focus = useCallback((node: HTMLElement | null) => node?.focus(), []);
  const titleId = `${testId}-title`;
  return (
    <section
      className="lk-conflict"
      role="alert"
      aria-labelledby={titleId}
      data-testid={testId}
      tabIndex={-1}
      ref={focus}
    >
      <h2 id={titleId} className="lk-conflict__title">
        {labels.title}
      </h2>
      <p className="lk-conflict__text">{message}</p>
      {rows.length === 0 && labels.none ? (
        <p className="lk-conflict__text">{labels.none}</p>
      ) : (
        <table className="lk-conflict__table">
          <caption>{labels.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.field}</th>
              <th scope="col">{labels.stored}</th>
              <th scope="col">{labels.mine}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid={`${rowTestIdPrefix}${row.key}`}>
                <th scope="row">{row.label}</th>
                <td>
                  <span className="lk-conflict__value">{row.stored}</span>
                  {row.changedBy?.other && <span className="lk-conflict__who">{labels.byOther}</span>}
                </td>
                <td>
                  <span className="lk-conflict__value">{row.mine}</span>
                  {row.changedBy?.me && <span className="lk-conflict__who">{labels.byMe}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="lk-conflict__text">{labels.help}</p>
      <div className="lk-conflict__actions">
        <button type="button" className="admin-button" onClick={onApply} data-testid="conflict-apply">
          {labels.apply}
        </button>
        <button
          type="button"
          className="admin-button lk-conflict__secondary"
          onClick={onDiscard}
          data-testid="conflict-discard"
        >
          {labels.discard}
        </button>
      </div>
    </section>
  );
}
