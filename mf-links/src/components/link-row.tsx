import { useState, type CSSProperties } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Link } from '@linksite/contract';
import { LINK_DISCLOSURE } from '@linksite/contract/api-rules';
import { DEFAULT_IMAGE_URL, imageUrl } from '@linksite/platform';
import { formatSeoul, visibilityBadge } from '../lib/link-window';
import { messages } from '../lib/messages';
import { DragHandleIcon, TrashIcon } from './icons';

export type ListMode = 'edit' | 'reorder';

/** The row's photo: the `?w=320` variant shown at a fixed 64 px, the placeholder when missing or broken. */
function RowPhoto({ link }: { link: Link }) {
  const [broken, setBroken] = useState(false);
  const src = link.imagelink && !broken ? imageUrl(link.imagelink, 320) : DEFAULT_IMAGE_URL;
  return (
    <img
      className="link-row__photo"
      src={src}
      alt={messages.photoAlt(link.pname)}
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      data-testid="link-row-photo"
    />
  );
}

export interface LinkRowProps {
  link: Link;
  mode: ListMode;
  /** True while a move is being saved: rows cannot be picked up meanwhile (the next `from` would be stale). */
  locked: boolean;
  onDelete: (link: Link) => void;
  /** 공개하기 / 숨기기 in 편집 mode: switches `enabled`. */
  onToggle: (link: Link) => void;
  /** Card clicks over the last 30 days (docs/decisions/0027-first-party-analytics.md); undefined while unknown. */
  clicks?: number;
  /**
   * 위치 지정 in 순서 변경 mode when the list has several pages (docs/decisions/0036-paged-public-read.md); undefined: no such
   * button.
   */
  onMoveTo?: (link: Link) => void;
}

/**
 * One link of the list (docs/product.md#2-screens-and-routes "Link list"): photo, name (to its edit screen) and, in 편집
 * mode, a delete icon; in 순서 변경 mode the icon is a drag handle (mouse, touch or keyboard: Space, arrows, Space) of a
 * sortable row.
 */
export function LinkRow({ link, mode, locked, onDelete, onToggle, clicks, onMoveTo }: LinkRowProps) {
  const reorder = mode === 'reorder';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: link.id,
    disabled: !reorder || locked,
    attributes: { roleDescription: messages.dragHandleRole },
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const tags = link.tags.map((tag) => `#${tag}`).join(' ');

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={['link-row', isDragging && 'link-row--dragging', reorder && 'link-row--reorder']
        .filter(Boolean)
        .join(' ')}
      data-testid="link-row"
      data-id={link.id}
    >
      <RowPhoto link={link} />
      <div className="link-row__text">
        <RouterLink
          className="link-row__name"
          to={`/main/edit/${link.id}`}
          title={link.pname}
          data-testid="link-row-name"
        >
          {link.pname}
        </RouterLink>
        {tags && (
          <span className="link-row__tags" title={tags}>
            {tags}
          </span>
        )}
        <span className="link-row__visibility">
          {link.disclosure !== 'none' && (
            <span className="link-badge link-badge--disclosure" data-testid="link-row-disclosure">
              {LINK_DISCLOSURE.names[link.disclosure]}
            </span>
          )}
          <span className={`link-badge link-badge--${link.visibility}`} data-testid="link-row-badge">
            {visibilityBadge(link)}
          </span>
          {(link.showFrom || link.showUntil) && (
            <span className="link-row__window">
              {messages.windowOf(formatSeoul(link.showFrom), formatSeoul(link.showUntil))}
            </span>
          )}
        </span>
        {clicks !== undefined && (
          <span className="link-row__clicks" data-testid="link-row-clicks">
            {messages.clicks30(clicks)}
          </span>
        )}
      </div>
      {!reorder && (
        <button
          type="button"
          className="link-row__toggle"
          aria-label={link.enabled ? messages.hideLink(link.pname) : messages.showLink(link.pname)}
          onClick={() => onToggle(link)}
          disabled={locked}
          data-testid="link-row-toggle"
        >
          {link.enabled ? messages.hide : messages.show}
        </button>
      )}
      {reorder && onMoveTo && (
        <button
          type="button"
          className="link-row__toggle"
          aria-label={messages.moveToLabel(link.pname)}
          onClick={() => onMoveTo(link)}
          disabled={locked}
          data-testid="link-row-move-to"
        >
          {messages.moveTo}
        </button>
      )}
      {reorder ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="link-row__icon link-row__handle"
          aria-label={messages.dragHandleLabel(link.pname)}
          title={messages.modeReorder}
          data-testid="link-row-handle"
          {...attributes}
          {...listeners}
        >
          {DragHandleIcon}
        </button>
      ) : (
        <button
          type="button"
          className="link-row__icon link-row__delete"
          aria-label={messages.deleteLabel(link.pname)}
          title={messages.deleteLabel(link.pname)}
          onClick={() => onDelete(link)}
          data-testid="link-row-delete"
        >
          {TrashIcon}
        </button>
      )}
    </li>
  );
}
