import { useCallback, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { IGNORED_FILE_NAMES } from '../lib/upload-limits';
import { ko } from '../messages/ko';
import { DropzoneErrors } from './dropzone-errors';
import { dropzoneLook } from './dropzone-look';
import './image-dropzone.css';
import './file-dropzone.css';

export interface FileDropzoneProps {
  /** Called with the one accepted file of a drop or a file-dialog choice. Never called for a rejected drop. */
  onFile: (file: File) => void;
  /** react-dropzone's `accept`: MIME type → extensions (`{ 'application/gzip': ['.gz'] }`). A file passes by either. */
  accept: Record<string, string[]>;
  /** What a refusal of another type names as allowed (`.tar.gz`): `파일 형식은 .tar.gz 이어야 합니다.` */
  acceptLabel: string;
  /** The zone's and the input's accessible name, in Korean (`백업 파일 선택 (끌어다 놓거나 Enter 키로 파일 선택)`). */
  label: string;
  /** The instruction in the zone, in Korean. */
  hint: string;
  /** A second, smaller line (what kind of file, how large). */
  limits?: string;
  /** Largest file in bytes; none when omitted. */
  maxSize?: number;
  /** The file being used, shown in the zone (its name). */
  fileName?: string | null;
  /** Greys the zone out and ignores drops, clicks and keys (for instance while uploading). */
  disabled?: boolean;
  /** `data-testid` of the zone (default `file-dropzone`); its error is `<testId>-error`. */
  testId?: string;
  /** `data-testid` of the hidden `<input type=file>` (default `<testId>-input`), for `setInputFiles` in browser tests. */
  inputTestId?: string;
  className?: string;
}

/**
 * The drop zone for a file that is not an image (the backup archive, docs/decisions/0078-team-runs-the-site.md), on
 * react-dropzone like {@link ImageDropzone} and with its look (`lk-dropzone` classes), states and Korean refusals,
 * instead of the browser's own file button (`Choose File` on an English browser). Apps get it through
 * `@linksite/platform`, which loads this module only when a zone renders (lazy-file-dropzone.tsx).
 *
 * - One file; a drop of several is refused as a whole (`파일은 하나만 올릴 수 있습니다.`). `.DS_Store` and
 *   `Thumbs.db` are dropped without a word, as in the image zone.
 * - Another type: `ko.fileInvalidType(acceptLabel)`; over `maxSize`: `ko.fileTooLarge(maxSize)`; shown under the zone
 *   as a `role="alert"`. The content is the server's to judge (it names what is wrong in Korean).
 * - `data-state` = `idle | active | accept | reject` while dragging; focusable, Enter or Space opens the file dialog.
 */
export function FileDropzone({
  onFile,
  accept,
  acceptLabel,
  label,
  hint,
  limits,
  maxSize,
  fileName,
  disabled = false,
  testId = 'file-dropzone',
  inputTestId = `${testId}-input`,
  className,
}: FileDropzoneProps) {
  const [errors, setErrors] = useState<string[]>([]);

  const onDrop = useCallback(
    (accepted: File[], rejections: FileRejection[]) => {
      const ignored = (file: File) => IGNORED_FILE_NAMES.includes(file.name);
      const files = accepted.filter((file) => !ignored(file));
      const refused = rejections.filter(({ file }) => !ignored(file));
      if (files.length === 0 && refused.length === 0) return;
      const codes = new Set(refused.flatMap(({ errors: e }) => e.map((error) => error.code)));
      if (codes.has('too-many-files')) {
        setErrors([ko.tooManyFiles]);
        return;
      }
      if (refused.length > 0) {
        const messages = refused.flatMap(({ errors: e }) =>
          e.map((error) =>
            error.code === 'file-invalid-type'
              ? ko.fileInvalidType(acceptLabel)
              : error.code === 'file-too-large' && maxSize !== undefined
                ? ko.fileTooLarge(maxSize)
                : error.message,
          ),
        );
        setErrors([...new Set(messages)]);
        return;
      }
      setErrors([]);
      onFile(files[0]!);
    },
    [onFile, acceptLabel, maxSize],
  );

  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject, isFocused } = useDropzone({
    onDrop,
    accept,
    maxSize,
    maxFiles: 1,
    multiple: false,
    disabled,
  });

  const { state, classes } = dropzoneLook({
    isDragActive,
    isDragAccept,
    isDragReject,
    isFocused,
    disabled,
    kind: 'lk-file-dropzone',
    className,
  });

  const errorId = `${testId}-error`;
  return (
    <div className="lk-dropzone-field">
      <div
        {...getRootProps({
          className: classes,
          role: 'button',
          'aria-label': label,
          'aria-describedby': errors.length > 0 ? errorId : undefined,
        })}
        data-testid={testId}
        data-state={state}
        data-focused={isFocused ? 'true' : undefined}
      >
        <input {...getInputProps({ 'aria-label': label })} data-testid={inputTestId} />
        <svg className="lk-file-dropzone__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <path
            d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5M12 18v-6m-3 3 3-3 3 3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <div className="lk-dropzone__text">
          <p className="lk-dropzone__hint">
            {state === 'reject' ? ko.dropzoneDragReject : state !== 'idle' ? ko.dropzoneDragActive : hint}
          </p>
          {fileName && (
            <p className="lk-file-dropzone__name" data-testid={`${testId}-name`}>
              {fileName}
            </p>
          )}
          {limits && <p className="lk-dropzone__limits">{limits}</p>}
        </div>
      </div>
      <DropzoneErrors errors={errors} id={errorId} />
    </div>
  );
}
