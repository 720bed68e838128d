import { imageUrl } from '../images/images.service';
import type { Link } from './link.entity';

/** A link as the API answers it (DECISIONS D2/D3). */
export interface LinkView {
  id: number;
  pname: string;
  /** Tags joined by `/` (the public page's reading). */
  tag: string;
  tags: string[];
  link: string | null;
  /** `/api/images/<key>` for an uploaded image, else the external URL, else null. */
  imagelink: string | null;
  /** 0-based order position. */
  pcode: number;
}

export function toLinkView(link: Link): LinkView {
  return {
    id: link.id,
    pname: link.pname,
    tag: link.tags.join('/'),
    tags: link.tags,
    link: link.link,
    imagelink: link.imageKey ? imageUrl(link.imageKey) : link.imagelink,
    pcode: link.pcode,
  };
}
