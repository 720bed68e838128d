import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type AutoScrollOptions,
  type DragEndEvent,
  type KeyboardSensorOptions,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Link } from '@linksite/contract';
import { errorMessage, ErrorNotice, Loading } from '@linksite/platform';
import { deleteLink } from '../api/delete-link';
import { fetchLinks } from '../api/fetch-links';
import { moveLink } from '../api/move-link';
import { setLinkEnabled } from '../api/set-link-enabled';
import { KeyboardMovePacer, KeyboardMoveTarget, keyboardCoordinatesTo } from '../components/keyboard-move-pacer';
import { LinkRow, type ListMode } from '../components/link-row';
import { useLinkClicks } from '../hooks/use-link-clicks';
import { messages } from '../lib/messages';
import '../components/link-screens.css';

/** Rows move up and down only (the list is one column). */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * Keyboard moves (docs/decisions/0056-reorder-any-length.md). Once the picked-up row nears the window's edge, each
 * arrow press scrolls the page by one row instead of moving the row (dnd-kit's KeyboardSensor:
 * `scrollTo(scrollTop + delta)`). With its default smooth scrolling the page is still gliding when the next press comes
 * (a 60 ms pace): that press reads the positions from the middle of the glide and starts a new scroll from there,
 * cutting the previous one short, so 12 presses moved a row 6 places. Scrolling at once (`auto`) lets every press
 * finish before the next one is read; presses that come before React has drawn the previous one wait in
 * KeyboardMovePacer.
 */
const KEYBOARD_SENSOR_OPTIONS: KeyboardSensorOptions = { scrollBehavior: 'auto' };

/**
 * Dragging with the mouse or a finger past the top or bottom of the window scrolls the page
 * (docs/decisions/0056-reorder-any-length.md): only vertically, from the outer 15 % of the window, faster than
 * dnd-kit's default so 40 rows go by in a few seconds.
 */
const AUTO_SCROLL: AutoScrollOptions = { threshold: { x: 0, y: 0.15 }, acceleration: 25 };

const NO_LINKS: Link[] = [];

/**
 * Rows on one page of the list (docs/decisions/0036-paged-public-read.md). Measured with 10,000 links in Chromium
 * (e2e/store-paging.e2e.ts): every row at once took 5.4 s to show, 4.6 s to enter 순서 변경 and 10.5 s for one keyboard
 * move to be sent (dnd-kit measures every row); with pages of 100: 0.8–1.0 s, 0.1–0.2 s and 0.4–0.5 s, whatever the
 * catalogue's size. Moves across pages: 위치 지정.
 */
export const LIST_PAGE_SIZE = 100;

type ListState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; links: Link[] };

/** The list's filter: every link, or those in one visibility state (docs/decisions/0026-creator-features.md). */
type Filter = 'all' | Link['visibility'];
const FILTERS: readonly Filter[] = ['all', 'visible', 'hidden', 'scheduled', 'ended'];

/** Korean screen-reader texts for dnd-kit (positions are 1-based for people). */
function announcementsFor(links: Link[]): Announcements {
  const nameOf = (id: UniqueIdentifier) => links.find((link) => link.id === id)?.pname ?? String(id);
  const positionOf = (id: UniqueIdentifier) => links.findIndex((link) => link.id === id) + 1;
  return {
    onDragStart: ({ active }) => messages.dndPickedUp(nameOf(active.id), positionOf(active.id), links.length),
    onDragOver: ({ active, over }) =>
      over ? messages.dndOver(nameOf(active.id), positionOf(over.id), links.length) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? messages.dndDropped(nameOf(active.id), positionOf(over.id), links.length) : undefined,
    onDragCancel: ({ active }) => messages.dndCancelled(nameOf(active.id)),
  };
}

/**
 * `/main/list`, 링크 정보 관리 (docs/product.md#2-screens-and-routes, docs/product.md#4-states-and-transitions): every link
 * with photo, name and a delete icon; `+ 새 링크 등록` leads to `/create`. 순서 변경 mode turns the icons into drag handles
 * (@dnd-kit/sortable: pointer, or keyboard Space / arrows / Space). A drop reorders the rows at once and sends
 * `PUT /api/main/update/order/:id/:to/:from`; a 409 shows the server's order and a notice, any other failure puts the
 * previous order back (docs/decisions/0003-api-calls.md).
 */
export function LinkListPage() {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [mode, setMode] = useState<ListMode>('edit');
  const [filter, setFilter] = useState<Filter>('all');
  const [moving, setMoving] = useState(false);
  const [status, setStatus] = useState('');
  const loadId = useRef(0);
  const clicks = useLinkClicks();

  // Fetches the list; the state is `loading` already (first render, or set by `reload`).
  const load = useCallback(() => {
    const id = ++loadId.current;
    fetchLinks().then(
      (links) => id === loadId.current && setState({ status: 'ready', links }),
      (error: unknown) => id === loadId.current && setState({ status: 'error', error }),
    );
  }, []);

  useEffect(() => {
    load();
    return () => {
      loadId.current += 1; // answers after unmount are ignored
    };
  }, [load]);

  // The row the keyboard press being applied moves onto (KeyboardMovePacer writes it, the sensor reads it).
  const [moveTarget] = useState(() => new KeyboardMoveTarget());
  const keyboardOptions = useMemo<KeyboardSensorOptions>(
    () => ({ ...KEYBOARD_SENSOR_OPTIONS, coordinateGetter: keyboardCoordinatesTo(moveTarget) }),
    [moveTarget],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, keyboardOptions),
  );

  const reload = () => {
    setState({ status: 'loading' });
    load();
  };
  const links = state.status === 'ready' ? state.links : NO_LINKS;
  // Reordering works on the whole list: the filter applies in 편집 mode only.
  const shown = mode === 'reorder' || filter === 'all' ? links : links.filter((link) => link.visibility === filter);
  const showLinks = (next: Link[]) => setState({ status: 'ready', links: next });
  const announcements = useMemo(() => announcementsFor(links), [links]);
  const [page, setPage] = useState(0);
  const pageCount = Math.max(1, Math.ceil(shown.length / LIST_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount - 1);
  const offset = currentPage * LIST_PAGE_SIZE;
  const pageRows = useMemo(() => shown.slice(offset, offset + LIST_PAGE_SIZE), [shown, offset]);
  const ids = useMemo(() => pageRows.map((link) => link.id), [pageRows]);

  const remove = async (link: Link) => {
    if (!window.confirm(messages.deleteConfirm)) return;
    try {
      // A 409 (changed by another administrator since this list loaded) deleted nothing: its message, then the list
      // is reloaded so the administrator sees the change before deciding again
      // (docs/decisions/0048-no-silent-overwrite.md).
      window.alert((await deleteLink(link.id, link.version)).message);
    } catch (error) {
      window.alert(errorMessage(error));
      return;
    }
    reload();
  };

  const toggle = async (link: Link) => {
    try {
      const updated = await setLinkEnabled(link.id, !link.enabled);
      showLinks(links.map((row) => (row.id === updated.id ? updated : row)));
      setStatus(updated.enabled ? messages.shownStatus(updated.pname) : messages.hiddenStatus(updated.pname));
    } catch (error) {
      window.alert(errorMessage(error));
    }
  };

  /** Moves link `id` from position `from` to `to` (0-based, the whole list): at once on screen, then stored. */
  const move = async (id: number, from: number, to: number) => {
    const before = links;
    showLinks(arrayMove(before, from, to));
    setMoving(true);
    setStatus(messages.movingStatus);
    try {
      const result = await moveLink(id, to, from);
      if (result.conflict) {
        if (result.product.length > 0) showLinks(result.product);
        else reload();
        setStatus('');
        window.alert(result.message || messages.orderConflict);
        return;
      }
      if (result.product.length > 0) showLinks(result.product);
      setStatus(result.message);
    } catch (error) {
      showLinks(before);
      setStatus('');
      window.alert(errorMessage(error));
    } finally {
      setMoving(false);
    }
  };

  const onDragEnd = async ({ active, over, activatorEvent }: DragEndEvent) => {
    // A keyboard move ends where its presses counted (KeyboardMovePacer), even if the last one was not drawn yet.
    const overId = (activatorEvent instanceof KeyboardEvent ? moveTarget.counted() : null) ?? over?.id;
    if (overId === undefined || active.id === overId || moving) return;
    const from = links.findIndex((link) => link.id === active.id);
    const to = links.findIndex((link) => link.id === overId);
    if (from < 0 || to < 0) return;
    await move(Number(active.id), from, to);
  };

  /**
   * 위치 지정: asks for a 1-based position anywhere in the list (moves across pages;
   * docs/decisions/0036-paged-public-read.md).
   */
  const moveTo = async (link: Link) => {
    if (moving) return;
    const from = links.findIndex((row) => row.id === link.id);
    const answer = window.prompt(messages.moveToPrompt(link.pname, from + 1, links.length), String(from + 1));
    if (answer === null || answer.trim() === '') return;
    const position = Number(answer.trim());
    if (!Number.isInteger(position) || position < 1 || position > links.length) {
      window.alert(messages.moveToInvalid(links.length));
      return;
    }
    if (position - 1 !== from) await move(link.id, from, position - 1);
  };

  const pager = pageCount > 1 && (
    <nav className="link-pager" aria-label={messages.listPages} data-testid="link-pager">
      <button type="button" className="link-pager__button" onClick={() => setPage(0)} disabled={currentPage === 0}>
        {messages.firstPage}
      </button>
      <button
        type="button"
        className="link-pager__button"
        onClick={() => setPage(currentPage - 1)}
        disabled={currentPage === 0}
      >
        {messages.previousPage}
      </button>
      <span className="link-pager__range" data-testid="link-pager-range">
        {messages.pageRange(offset + 1, offset + pageRows.length, shown.length)}
      </span>
      <button
        type="button"
        className="link-pager__button"
        onClick={() => setPage(currentPage + 1)}
        disabled={currentPage === pageCount - 1}
      >
        {messages.nextPage}
      </button>
      <button
        type="button"
        className="link-pager__button"
        onClick={() => setPage(pageCount - 1)}
        disabled={currentPage === pageCount - 1}
      >
        {messages.lastPage}
      </button>
    </nav>
  );

  return (
    <section className="admin-screen" aria-labelledby="link-list-title">
      <div className="admin-screen__head link-list__head">
        <h1 id="link-list-title" className="admin-screen__title">
          {messages.listTitle}
        </h1>
        <RouterLink className="admin-button" to="/create" data-testid="link-create-button">
          {messages.createButton}
        </RouterLink>
      </div>
      <div className="link-list__toolbar">
        <div className="link-mode" role="group" aria-label={messages.modeGroup}>
          {(['edit', 'reorder'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="link-mode__button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              data-testid={`link-mode-${value}`}
            >
              {value === 'edit' ? messages.modeEdit : messages.modeReorder}
            </button>
          ))}
        </div>
        {mode === 'edit' && (
          <label className="link-filter">
            <span className="link-filter__label">{messages.filterLabel}</span>
            <select
              className="link-filter__select"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as Filter);
                setPage(0);
              }}
              data-testid="link-filter"
            >
              {FILTERS.map((value) => (
                <option key={value} value={value}>
                  {messages.filters[value]}
                </option>
              ))}
            </select>
          </label>
        )}
        <p className="link-list__status" role="status" aria-live="polite" data-testid="link-list-status">
          {status}
        </p>
      </div>
      {mode === 'reorder' && state.status === 'ready' && links.length > 1 && (
        <p className="link-list__help">
          {messages.reorderHelp}
          {pageCount > 1 && ` ${messages.reorderPagesHelp}`}
        </p>
      )}
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <ErrorNotice
          message={`${messages.linksLoadFailed} ${errorMessage(state.error)}`}
          onRetry={reload}
          error={state.error}
          testId="link-list-error"
        />
      )}
      {state.status === 'ready' &&
        (links.length === 0 ? (
          <p className="admin-screen__empty">{messages.noLinks}</p>
        ) : shown.length === 0 ? (
          <p className="admin-screen__empty">{messages.noLinksInFilter}</p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            autoScroll={AUTO_SCROLL}
            modifiers={[restrictToVerticalAxis]}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: messages.dndInstructions } }}
          >
            <KeyboardMovePacer order={ids} target={moveTarget} />
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <ul className="link-list" data-testid="link-list" aria-busy={moving || undefined}>
                {pageRows.map((link) => (
                  <LinkRow
                    key={link.id}
                    link={link}
                    mode={mode}
                    locked={moving}
                    onDelete={remove}
                    onToggle={toggle}
                    onMoveTo={pageCount > 1 ? moveTo : undefined}
                    clicks={clicks ? (clicks.get(link.id) ?? 0) : undefined}
                  />
                ))}
              </ul>
            </SortableContext>
            {pager}
          </DndContext>
        ))}
    </section>
  );
}
