import { useEffect, useState } from 'react';

/**
 * An object URL for `file` (the preview of a chosen image), revoked when the file changes or the component
 * unmounts, so previews never leak memory. Null without a file.
 */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
