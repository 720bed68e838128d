import type { Link } from '@linksite/contract';

/** A link as `GET /api/main/list` answers it (visible, no window unless `extra` says so), for the web tests. */
export function link(id: number, pname: string, pcode: number, extra: Partial<Link> = {}): Link {
  return {
    id,
    pname,
    tag: '',
    tags: [],
    link: null,
    imagelink: null,
    pcode,
    enabled: true,
    disclosure: 'none',
    showFrom: null,
    showUntil: null,
    visibility: 'visible',
    opensInDays: null,
    version: 1,
    ...extra,
  };
}
