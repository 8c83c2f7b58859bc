import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { useI18n } from '~/lib/i18n';
import { failureToast } from './request';

/** Moves one item up (-1) or down (+1) in a list. */
export function moveItem<T>(items: T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

/**
 * Focus after a move: the pressed button moves with its row (React re-inserts the row, which drops
 * focus), so it is focused again once the list has re-rendered and the buttons are enabled; at the
 * top or bottom it is disabled, and its sibling gets focus instead.
 */
export function useMoveFocus(container: React.RefObject<HTMLElement | null>, busy: boolean) {
  const [target, setTarget] = useState<{ id: string; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!target || busy) return;
    const find = (by: number) =>
      container.current?.querySelector<HTMLButtonElement>(`[data-move="${target.id}-${by}"]`);
    const pressed = find(target.by);
    (pressed && !pressed.disabled ? pressed : find(-target.by))?.focus();
    setTarget(null);
  }, [target, busy, container]);
  return (id: string, by: -1 | 1) => setTarget({ id, by });
}

/**
 * Saves a new order the moment an item moves: `shown` is the new order at once, then the order the
 * server saved (the screen's loader runs again); a failure puts the old order back. Either way a
 * toast says so, and focus stays on the moved item's buttons. `moving` is true meanwhile (the move
 * buttons wait). `current` is what the screen's loader gave (a list, or the items holding lists).
 */
export function useReorder<T>(container: React.RefObject<HTMLElement | null>, current: T) {
  const { revalidate } = useRevalidator();
  const { tr } = useI18n();
  const [moving, setMoving] = useState(false);
  // The moved order stands for the loader's data it was made from; fresh data replaces it.
  const [moved, setMoved] = useState<{ from: T; order: T } | null>(null);
  const focusMoved = useMoveFocus(container, moving);

  async function reorder({
    buttons,
    by,
    after,
    save,
  }: {
    /** The `id` of the moved item's MoveButtons. */
    buttons: string;
    by: -1 | 1;
    /** What the screen shows after the move. */
    after: T;
    /** Sends the new order. */
    save(order: T): Promise<unknown>;
  }) {
    setMoving(true);
    setMoved({ from: current, order: after });
    try {
      await save(after);
      toast.success(tr(ADMIN_MESSAGES.orderSaved));
      await revalidate();
    } catch (error) {
      setMoved(null);
      toast.error(failureToast(error, tr(ADMIN_MESSAGES.saveFailed)));
    } finally {
      setMoving(false);
      focusMoved(buttons, by);
    }
  }

  return { moving, reorder, shown: moved && moved.from === current ? moved.order : current };
}

/** useReorder for a flat list of items: `move(index, by)` moves one and saves the ids in their new order. */
export function useListReorder<T extends { _id: string }>(
  container: React.RefObject<HTMLElement | null>,
  current: T[],
  saveOrder: (ids: string[]) => Promise<unknown>,
) {
  const { moving, reorder, shown } = useReorder(container, current);
  function move(index: number, by: -1 | 1) {
    const item = shown[index];
    if (!item) return;
    return reorder({
      buttons: item._id,
      by,
      after: moveItem(shown, index, by),
      save: (order) => saveOrder(order.map((i) => i._id)),
    });
  }
  return { moving, move, shown };
}

/** Up and down buttons that reorder an item; keyboard users press them like any button. */
export function MoveButtons({
  name,
  id,
  first,
  last,
  disabled,
  onMove,
}: {
  /** What moves, for the labels: 'module Basics' gives 'Move module Basics up' (adminUi.moveNameUp). */
  name: string;
  /** Identifies the buttons for useMoveFocus. */
  id: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove(by: -1 | 1): void;
}) {
  const { t, fmt } = useI18n();
  const style =
    'inline-flex h-9 w-9 items-center justify-center rounded-full border-2 border-slate-300 text-slate-700 hover:border-brand-green hover:text-brand-green disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <span className="inline-flex gap-1">
      <button
        type="button"
        className={style}
        disabled={first || disabled}
        onClick={() => onMove(-1)}
        aria-label={fmt(t.adminUi.moveNameUp, { name })}
        title={t.adminUi.moveUp}
        data-move={`${id}--1`}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className={style}
        disabled={last || disabled}
        onClick={() => onMove(1)}
        aria-label={fmt(t.adminUi.moveNameDown, { name })}
        title={t.adminUi.moveDown}
        data-move={`${id}-1`}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}
