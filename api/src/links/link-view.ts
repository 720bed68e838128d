import { imageUrl } from '../images/images.service';
import type { LinkDto } from './dto/link.dto';
import type { Link } from './link.entity';
import { opensInDays, visibilityAt } from './link-visibility';

/**
 * A stored link as the API answers it at `now` (docs/decisions/0002-entities.md, docs/decisions/0003-api-calls.md,
 * docs/decisions/0026-creator-features.md): tags joined for `tag`, the image as a URL, the window as ISO instants, its
 * visibility.
 */
export function toLinkView(link: Link, now: Date): LinkDto {
  const visibility = visibilityAt(link, now);
  return {
    id: link.id,
    pname: link.pname,
    tag: link.tags.join('/'),
    tags: link.tags,
    link: link.link,
    imagelink: link.imageKey ? imageUrl(link.imageKey) : link.imagelink,
    pcode: link.pcode,
    enabled: link.enabled,
    disclosure: link.disclosure,
    showFrom: link.showFrom?.toISOString() ?? null,
    showUntil: link.showUntil?.toISOString() ?? null,
    visibility,
    opensInDays: visibility === 'scheduled' && link.showFrom ? opensInDays(link.showFrom, now) : null,
    version: link.version,
  };
}
