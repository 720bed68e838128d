/** The look of a drop zone while a file is dragged over it (`data-state` and the `lk-dropzone--<state>` class). */
export type DropzoneVisualState = 'idle' | 'active' | 'accept' | 'reject';

/**
 * The state and classes of a drop zone (image-dropzone.tsx, file-dropzone.tsx) from react-dropzone's flags: `reject`
 * over `accept` over `active` over `idle`; classes `lk-dropzone`, the zone's own `kind` class, `lk-dropzone--<state>`
 * unless idle, `--focused`, `--disabled`, then `className`.
 */
export function dropzoneLook(flags: {
  isDragActive: boolean;
  isDragAccept: boolean;
  isDragReject: boolean;
  isFocused: boolean;
  disabled: boolean;
  kind?: string;
  className?: string;
}): { state: DropzoneVisualState; classes: string } {
  const state: DropzoneVisualState = flags.isDragReject
    ? 'reject'
    : flags.isDragAccept
      ? 'accept'
      : flags.isDragActive
        ? 'active'
        : 'idle';
  const classes = [
    'lk-dropzone',
    flags.kind,
    state !== 'idle' && `lk-dropzone--${state}`,
    flags.isFocused && 'lk-dropzone--focused',
    flags.disabled && 'lk-dropzone--disabled',
    flags.className,
  ]
    .filter(Boolean)
    .join(' ');
  return { state, classes };
}
