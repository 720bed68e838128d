import { lazy, Suspense } from 'react';
import type { ImageDropzoneProps } from './image-dropzone';
import './lazy-image-dropzone.css';

const Dropzone = lazy(() => import('./image-dropzone').then(({ ImageDropzone }) => ({ default: ImageDropzone })));

/**
 * The image drop zone (image-dropzone.tsx, on react-dropzone) as `@linksite/platform` exports it: its code and
 * react-dropzone load when a zone first renders, on an upload screen, so the platform every public page loads
 * carries no administrator's upload code (docs/decisions/0034-visitor-loads-what-it-shows.md). Until then a box of the
 * zone's size holds its place (`data-testid="<testId>-loading"`), so the form does not move when it appears.
 */
export function ImageDropzone(props: ImageDropzoneProps) {
  return (
    <Suspense
      fallback={
        <div
          className="lk-dropzone-placeholder"
          aria-busy="true"
          data-testid={`${props.testId ?? 'image-dropzone'}-loading`}
        />
      }
    >
      <Dropzone {...props} />
    </Suspense>
  );
}
