import { useEffect, useRef } from 'react';
import { useDndMonitor, type KeyboardCoordinateGetter, type UniqueIdentifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * A safety net only: how long a press may go unanswered before the next one is let through anyway (should a press
 * ever move nothing). Far longer than a slow phone takes to draw a move: 300 ms was too short with the CPU slowed 6×.
 */
const UNANSWERED_MS = 3000;

const STEP: Readonly<Record<string, number>> = { ArrowUp: -1, ArrowDown: 1 };

/**
 * The row the keyboard press being applied moves the dragged row onto (null when no paced press is under way), and
 * the row the presses so far count the move to (null before the first press of a keyboard move).
 */
export class KeyboardMoveTarget {
  private id: UniqueIdentifier | null = null;
  private countedId: UniqueIdentifier | null = null;

  set(id: UniqueIdentifier | null): void {
    this.id = id;
  }

  get(): UniqueIdentifier | null {
    return this.id;
  }

  setCounted(id: UniqueIdentifier | null): void {
    this.countedId = id;
  }

  /**
   * Where the presses of the current (or just ended) keyboard move put the row: the drop goes there even when the
   * last press was not drawn yet (dnd-kit then still reports the row one place short: one press in about 30 lost on
   * a busy machine).
   */
  counted(): UniqueIdentifier | null {
    return this.countedId;
  }
}

interface PacerState {
  /** A keyboard move is under way (picked up with Space or Enter). */
  active: boolean;
  /** The place (index in `order`) the row is being moved to, as far as the presses so far go. */
  index: number;
  /** The row dnd-kit should report the moved row over once the last press let through has been applied. */
  awaited: UniqueIdentifier | null;
  /** Presses that came while one was still being applied, in order. */
  queue: { code: string; key: string }[];
  /**
   * True from the pick-up until dnd-kit's KeyboardSensor listens for keys (it starts listening one task later, on a
   * zero-delay timer): a press in between would otherwise be lost.
   */
  starting: boolean;
  /** True while the pacer itself hands a queued press to dnd-kit (its own capture listener lets it pass). */
  replaying: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Makes a keyboard move take every key press, however fast (docs/decisions/0056-reorder-any-length.md). dnd-kit's
 * KeyboardSensor computes the next place of a row from positions it only learns after React has rendered the previous
 * move (the dragged row's rectangle, the row it is over, the page's scroll): a press that comes sooner is computed from
 * the old place and is lost. With 40 rows on a busy phone that is often (measured: 39 presses at 60 ms moved a row 24
 * places with the CPU slowed 6×). So while a move is being applied, later presses wait here (captured before dnd-kit
 * sees them) and are handed on one by one as dnd-kit reports the row over its next place; Space/Enter to drop waits its
 * turn too, Escape cancels at once. Renders nothing; place it inside the `DndContext`. `order`: the sortable ids as
 * shown.
 */
export function KeyboardMovePacer({
  order,
  target,
}: {
  order: readonly UniqueIdentifier[];
  /** Set here: the row the press being applied moves the dragged row onto (read by keyboardCoordinatesTo). */
  target: KeyboardMoveTarget;
}) {
  const orderRef = useRef(order);
  useEffect(() => {
    orderRef.current = order;
  }, [order]);
  const state = useRef<PacerState>({
    active: false,
    index: -1,
    awaited: null,
    queue: [],
    starting: false,
    replaying: false,
    timer: undefined,
  });

  /** Notes where a press sends the row; true when it moves it (so its answer is awaited). */
  const track = (code: string): boolean => {
    const s = state.current;
    const step = STEP[code];
    if (step === undefined) return false;
    const next = s.index + step;
    if (next < 0 || next >= orderRef.current.length) return false;
    s.index = next;
    s.awaited = orderRef.current[next] ?? null;
    target.set(s.awaited);
    target.setCounted(s.awaited);
    clearTimeout(s.timer);
    s.timer = setTimeout(settle, UNANSWERED_MS);
    return true;
  };

  /** The last press has been applied (or went unanswered): hand on queued presses until one moves the row. */
  const settle = () => {
    const s = state.current;
    clearTimeout(s.timer);
    s.awaited = null;
    target.set(null);
    while (s.active && s.awaited === null && s.queue.length > 0) {
      const press = s.queue.shift()!;
      track(press.code);
      s.replaying = true;
      try {
        (document.activeElement ?? document.body).dispatchEvent(
          new KeyboardEvent('keydown', { code: press.code, key: press.key, bubbles: true, cancelable: true }),
        );
      } finally {
        s.replaying = false;
      }
    }
  };

  const stop = () => {
    const s = state.current;
    clearTimeout(s.timer);
    Object.assign(s, { active: false, index: -1, awaited: null, queue: [], starting: false, timer: undefined });
    target.set(null);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const s = state.current;
      if (!s.active || s.replaying) return;
      if (event.code === 'Escape') {
        s.queue = [];
        return; // dnd-kit cancels the move
      }
      if (s.starting || s.awaited !== null || s.queue.length > 0) {
        event.preventDefault();
        event.stopImmediatePropagation();
        s.queue.push({ code: event.code, key: event.key });
        return;
      }
      track(event.code);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read refs only
  }, []);

  useDndMonitor({
    onDragStart: ({ active, activatorEvent }) => {
      stop();
      target.setCounted(null);
      if (!(activatorEvent instanceof KeyboardEvent)) return;
      const s = state.current;
      s.active = true;
      s.index = orderRef.current.indexOf(active.id);
      s.starting = true;
      // Timers of equal delay run in order: this one runs after the sensor's, once it listens.
      setTimeout(() => {
        s.starting = false;
        settle();
      });
    },
    onDragOver: ({ over }) => {
      const s = state.current;
      // Only the awaited place settles a press: while the page scrolls dnd-kit may report rows on the way, and the
      // count of presses, not those, says where the row goes.
      if (s.active && over && over.id === s.awaited) settle();
    },
    onDragEnd: stop,
    onDragCancel: stop,
  });

  return null;
}

/**
 * The keyboard sensor's coordinate getter for a paced move: an arrow press goes to the place KeyboardMovePacer
 * counted for it (`target`), computed from the measured rows as dnd-kit's sortableKeyboardCoordinates does, not
 * to "the row next to where the dragged row was last drawn". So even a press read before the previous one was drawn
 * lands where the count says. Without a target (no paced move, or a key that moves nothing) it is
 * sortableKeyboardCoordinates.
 */
export function keyboardCoordinatesTo(target: KeyboardMoveTarget): KeyboardCoordinateGetter {
  return (event, args) => {
    const id = STEP[event.code] === undefined ? null : target.get();
    const { active, collisionRect, droppableRects, droppableContainers } = args.context;
    const rect = id === null ? undefined : droppableRects.get(id);
    if (id === null || !active || !collisionRect || !rect) return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const indexOf = (key: UniqueIdentifier) =>
      (droppableContainers.get(key)?.data.current as { sortable?: { index: number } } | undefined)?.sortable?.index ??
      -1;
    // A place below the dragged row is reached with the row's bottom edge on the target's (as dnd-kit does).
    const below = indexOf(id) > indexOf(active.id);
    return { x: rect.left, y: below ? rect.top - (collisionRect.height - rect.height) : rect.top };
  };
}
