/**
 * A drop zone's refusals under it (image-dropzone.tsx, file-dropzone.tsx): one Korean sentence per line in a
 * `role="alert"` region whose `id` (also its `data-testid`) the zone names in `aria-describedby`; nothing when none.
 */
export function DropzoneErrors({ errors, id }: { errors: string[]; id: string }) {
  if (errors.length === 0) return null;
  return (
    <div className="lk-dropzone__error" role="alert" id={id} data-testid={id}>
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
