import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { DEFAULT_IMAGE_URL } from '../assets/default-image';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '../lib/upload-limits';
import { ko } from '../messages/ko';
import { DropzoneErrors } from './dropzone-errors';
import { dropzoneLook } from './dropzone-look';
import { contentProblem, isIgnored, rejectionMessage } from './image-checks';
import './image-dropzone.css';

export interface ImageDropzoneProps {
  /** Called with the one accepted file of a drop or a file-dialog choice. Never called for a rejected drop. */
  onFile: (file: File) => void;
  /** What the preview shows (an image URL or an object URL); the default placeholder when empty or broken. */
  previewUrl?: string | null;
  /** Greys the zone out and ignores drops, clicks and keys (for instance while saving). */
  disabled?: boolean;
  /** The instruction under the preview; defaults to {@link ko.dropzoneHint}. */
  hint?: string;
  /** Alternative text of the preview image. */
  previewAlt?: string;
  /** `data-testid` of the zone (default `image-dropzone`); its error is `<testId>-error`. */
  testId?: string;
  className?: string;
}

export type { DropzoneVisualState } from './dropzone-look';

const MAX_MB = Math.round(UPLOAD_MAX_BYTES / (1024 * 1024));

/**
 * The image drop zone of every upload screen (links, cover; docs/product.md#2-screens-and-routes,
 * docs/product.md#4-states-and-transitions, docs/product.md#5-validation; docs/decisions/0004-image-uploads.md,
 * docs/decisions/0006-korean-wording.md), on react-dropzone. Apps get it through `@linksite/platform`, which loads this
 * module (and react-dropzone) only when a zone renders (lazy-image-dropzone.tsx).
 *
 * - One file (`multiple: false`, `maxFiles: 1`); a drop of several is refused as a whole with
 *   `파일은 하나만 올릴 수 있습니다.` rather than silently keeping one of them.
 * - Accepts the docs/decisions/0004-image-uploads.md types ({@link ACCEPTED_IMAGE_TYPES}), `minSize` 0 and `maxSize`
 *   {@link UPLOAD_MAX_BYTES}, the server's limit. `.DS_Store` and `Thumbs.db` are dropped without a word
 *   (docs/product.md#5-validation).
 * - States for styling and tests: `data-state` = `idle | active | accept | reject` while dragging, `data-focused`
 *   when focused by keyboard; classes `lk-dropzone--active|accept|reject|focused|disabled`.
 * - Keyboard: the zone is focusable; Enter or Space opens the file dialog. The hidden `<input type=file>` inside
 *   takes `setInputFiles` in browser tests.
 * - Rejections show under the zone as a `role="alert"` in Korean (react-dropzone codes,
 *   docs/decisions/0006-korean-wording.md).
 * - The file's first bytes must match the API's signature list (`contentProblem`), whatever its name says: a text
 * file renamed `.jpg` is refused here with the API's own sentence, before any request
 * (docs/decisions/0051-nothing-half-saved.md).
 *   `onFile` is therefore called a moment after the drop, once those bytes are read.
 */
export function ImageDropzone({
  onFile,
  previewUrl,
  disabled = false,
  hint = ko.dropzoneHint,
  previewAlt = ko.dropzonePreviewAlt,
  testId = 'image-dropzone',
  className,
}: ImageDropzoneProps) {
  const [errors, setErrors] = useState<string[]>([]);
  // Counts choices, so the byte check of an earlier file that finishes late never overrides a later choice.
  const choice = useRef(0);

  const onDrop = useCallback(
    async (accepted: File[], rejections: FileRejection[]) => {
      const current = ++choice.current;
      const files = accepted.filter((file) => !isIgnored(file));
      const refused = rejections.filter(({ file }) => !isIgnored(file));
      if (files.length === 0 && refused.length === 0) return; // only litter was dropped
      const tooMany = refused.some(({ errors: e }) => e.some((error) => error.code === 'too-many-files'));
      if (tooMany) {
        setErrors([ko.tooManyFiles]);
        return;
      }
      if (refused.length > 0) {
        const messages = refused.flatMap(({ errors: e }) =>
          e.map((error) => rejectionMessage(error.code, error.message)),
        );
        setErrors([...new Set(messages)]);
        return;
      }
      const file = files[0];
      if (!file) return;
      // The type by the first bytes, before anything is sent (docs/decisions/0051-nothing-half-saved.md).
      const problem = await contentProblem(file);
      if (current !== choice.current) return;
      if (problem) {
        setErrors([problem]);
        return;
      }
      setErrors([]);
      onFile(file);
    },
    [onFile],
  );

  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject, isFocused } = useDropzone({
    onDrop,
    accept: ACCEPTED_IMAGE_TYPES as Record<string, string[]>,
    maxSize: UPLOAD_MAX_BYTES,
    minSize: 0,
    maxFiles: 1,
    multiple: false,
    disabled,
  });

  const { state, classes } = dropzoneLook({ isDragActive, isDragAccept, isDragReject, isFocused, disabled, className });
  const status =
    state === 'reject'
      ? ko.dropzoneDragReject
      : state === 'accept'
        ? ko.dropzoneDragAccept
        : state === 'active'
          ? ko.dropzoneDragActive
          : null;

  const errorId = `${testId}-error`;
  return (
    <div className="lk-dropzone-field">
      <div
        {...getRootProps({
          className: classes,
          role: 'button',
          'aria-label': ko.dropzoneLabel,
          'aria-describedby': errors.length > 0 ? errorId : undefined,
        })}
        data-testid={testId}
        data-state={state}
        data-focused={isFocused ? 'true' : undefined}
      >
        <input {...getInputProps({ 'aria-label': ko.dropzoneLabel })} data-testid={`${testId}-input`} />
        <Preview url={previewUrl} alt={previewAlt} testId={`${testId}-preview`} />
        <div className="lk-dropzone__text">
          <p className="lk-dropzone__hint">{status ?? hint}</p>
          <p className="lk-dropzone__limits">{ko.dropzoneLimits(MAX_MB)}</p>
        </div>
      </div>
      <DropzoneErrors errors={errors} id={errorId} />
    </div>
  );
}

/** The preview slot: the given URL, or the default placeholder when there is none or it fails to load. */
function Preview({ url, alt, testId }: { url: string | null | undefined; alt: string; testId: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = url && url !== failed ? url : DEFAULT_IMAGE_URL;
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    if (url && event.currentTarget.getAttribute('src') === url) setFailed(url);
  };
  return (
    <img
      className="lk-dropzone__preview"
      src={shown}
      alt={alt}
      width={120}
      height={120}
      data-testid={testId}
      data-placeholder={shown === DEFAULT_IMAGE_URL ? 'true' : undefined}
      onError={onError}
    />
  );
}
