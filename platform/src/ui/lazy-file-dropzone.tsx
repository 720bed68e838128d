import { lazy, Suspense } from 'react';
import type { FileDropzoneProps } from './file-dropzone';
import './lazy-file-dropzone.css';

const Dropzone = lazy(() => import('./file-dropzone').then(({ FileDropzone }) => ({ default: FileDropzone })));

/**
 * The file drop zone (file-dropzone.tsx, on react-dropzone) as `@linksite/platform` exports it: loaded when a zone
 * first renders, like the image zone (lazy-image-dropzone.tsx, docs/decisions/0034-visitor-loads-what-it-shows.md), so
 * the platform every public page loads carries none of it. Until then a box of the zone's size
 * (`data-testid="<testId>-loading"`) holds its place.
 */
export function FileDropzone(props: FileDropzoneProps) {
  return (
    <Suspense
      fallback={
        <div
          className="lk-file-dropzone-placeholder"
          aria-busy="true"
          data-testid={`${props.testId ?? 'file-dropzone'}-loading`}
        />
      }
    >
      <Dropzone {...props} />
    </Suspense>
  );
}
