import { useEffect, useState } from 'react';

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

/** Up and down buttons that reorder an item; keyboard users press them like any button. */
export function MoveButtons({
  name,
  id,
  first,
  last,
  disabled,
  onMove,
}: {
  /** What moves, for the labels: 'module Basics' gives 'Move module Basics up'. */
  name: string;
  /** Identifies the buttons for useMoveFocus. */
  id: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove(by: -1 | 1): void;
}) {
  const style =
    'inline-flex h-9 w-9 items-center justify-center rounded-full border-2 border-slate-300 text-slate-700 hover:border-brand-green hover:text-brand-green disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <span className="inline-flex gap-1">
      <button
        type="button"
        className={style}
        disabled={first || disabled}
        onClick={() => onMove(-1)}
        aria-label={`Move ${name} up`}
        title="Move up"
        data-move={`${id}--1`}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className={style}
        disabled={last || disabled}
        onClick={() => onMove(1)}
        aria-label={`Move ${name} down`}
        title="Move down"
        data-move={`${id}-1`}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}
