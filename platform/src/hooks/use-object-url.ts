import { useEffect, useState } from 'react';

/**
 * An object URL for `file` (the preview of a chosen image), revoked when the file changes or the component
 * unmounts, so previews never leak memory. Null without a file.
 */
export function useObjectUrl(file: File | null): string | null {
  const [made, setMade] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    // Made and revoked by the same effect: a URL made during render would be revoked by strict mode's extra
    // unmount and then shown broken. Hence the state set here, which the rule below would rather see derived.
    const url = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above: the URL is an external resource
    setMade({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return file && made?.file === file ? made.url : null;
}
