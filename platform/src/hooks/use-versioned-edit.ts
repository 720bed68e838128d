import { useState } from 'react';

/**
 * A save refused as stale (409, docs/decisions/0048-no-silent-overwrite.md): the server's Korean message, the row as
 * stored, and what was sent.
 */
export interface EditConflict<Stored, Mine> {
  message: string;
  stored: Stored;
  mine: Mine;
}

/** The state {@link useVersionedEdit} keeps, and its two transitions. */
export interface VersionedEdit<Stored, Start, Mine> {
  /** The row as stored when the form (re)started: its `version` goes with every save (`If-Match`). */
  base: Stored;
  /** What the form (re)starts from, and a key to remount it with (`<Form key={start.key} …>`). */
  start: { value: Start; key: number };
  /** The refused save the screen shows as a ConflictPanel, or null. */
  conflict: EditConflict<Stored, Mine> | null;
  /** The sentence of the status line (`role="status"`): why the form restarted, or ''. */
  status: string;
  /** A save answered 409: shows the conflict (`stored` is the row the server sent back) and clears the status. */
  refused(message: string, stored: Stored, mine: Mine): void;
  /**
   * Restarts the form on the conflict's stored row (so the next save carries its version) from `value`, with `notice`
   * as the status; nothing happens without a conflict.
   */
  restart(value: Start, notice: string): void;
}

/**
 * The edit screen of a row whose saves carry the version they started from (docs/decisions/0048-no-silent-overwrite.md:
 * links, schedules, popup slots). A 409 keeps the form as typed and shows stored vs. mine; the administrator then
 * restarts the form on the stored row with their change applied on top (`restart(merged, …)`) or with the stored values
 * (`restart(stored, …)`). The merge is each screen's own (its fields); the state and its transitions are this hook's.
 * @param loaded the row as first loaded
 * @param initial what the form first starts from (usually `loaded`'s values)
 */
export function useVersionedEdit<Stored, Start, Mine>(
  loaded: Stored,
  initial: Start,
): VersionedEdit<Stored, Start, Mine> {
  const [base, setBase] = useState(loaded);
  const [start, setStart] = useState({ value: initial, key: 0 });
  const [conflict, setConflict] = useState<EditConflict<Stored, Mine> | null>(null);
  const [status, setStatus] = useState('');
  return {
    base,
    start,
    conflict,
    status,
    refused: (message, stored, mine) => {
      setStatus('');
      setConflict({ message, stored, mine });
    },
    restart: (value, notice) => {
      if (!conflict) return;
      setBase(conflict.stored);
      setStart((current) => ({ value, key: current.key + 1 }));
      setConflict(null);
      setStatus(notice);
    },
  };
}
