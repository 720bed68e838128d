import type { Link } from '@linksite/platform';

/** A link as `GET /api/store` answers it, for the web tests. */
export function link(id: number, pname: string, pcode: number, extra: Partial<Link> = {}): Link {
  return { id, pname, tag: '', tags: [], link: null, imagelink: null, pcode, ...extra };
}
