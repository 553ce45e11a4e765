import { useId, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { UnstyledButton } from '@mantine/core';
import styles from './fleet.module.css';

/** A drag shorter than this is a tap; longer, its direction opens or closes the sheet. */
const DRAG_PX = 24;

export interface BottomSheetProps {
  /** Names the sheet's region. */
  label: string;
  /** The handle's words: what pressing it does. */
  handleLabel: string;
  expanded: boolean;
  onExpanded: (expanded: boolean) => void;
  /** Shown below the handle (a node's card): a peek of at most a third of the window, which
   * scrolls within, so that most of the map stays in view. */
  top?: ReactNode;
  /** Shown while expanded (the list). */
  children: ReactNode;
}

/**
 * The list over the bottom of the map on a phone. Its handle is a button: a tap, Enter or Space
 * opens and closes it, so do Arrow Up and Arrow Down; dragged up or down it opens or closes
 * (pointer events, so a finger, a pen and a mouse all work). Closed, the map is in view with
 * only the handle (and a node's card) over it.
 */
export function BottomSheet({
  label,
  handleLabel,
  expanded,
  onExpanded,
  top,
  children,
}: BottomSheetProps) {
  const drag = useRef<{ y: number; moved: boolean }>(undefined);
  const bodyId = `${useId()}-sheet`;
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    drag.current = { y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start) return;
    const dy = event.clientY - start.y;
    if (Math.abs(dy) >= DRAG_PX) {
      // A drag, not a tap: the click that follows must not toggle the sheet back.
      start.moved = true;
      onExpanded(dy < 0);
    }
  };
  const onClick = () => {
    const moved = drag.current?.moved === true;
    drag.current = undefined;
    if (!moved) onExpanded(!expanded);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      onExpanded(event.key === 'ArrowUp');
    }
  };
  return (
    <section className={styles.sheet} data-expanded={expanded} aria-label={label}>
      <UnstyledButton
        className={styles.sheetHandle}
        aria-expanded={expanded}
        aria-controls={bodyId}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = undefined)}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <span className={styles.sheetGrip} aria-hidden="true" />
        {handleLabel}
      </UnstyledButton>
      {top && <div className={styles.sheetTop}>{top}</div>}
      <div id={bodyId} className={styles.sheetBody} hidden={!expanded}>
        {children}
      </div>
    </section>
  );
}
