import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../button.tsx';
import styles from './list-tools.module.css';

export interface PopoverProps {
  /** the trigger's content */
  label: ReactNode;
  /** the panel's accessible name */
  title: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  testId?: string;
}

/** A button that opens a panel under it (not modal): Escape or a click elsewhere closes it, focus returns to the button. */
export function Popover({ label, title, children, align = 'end', testId }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    document.getElementById(`${id}-trigger`)?.focus();
  };
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('input, button, select')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  return (
    <div className={styles.popoverRoot} ref={root}>
      <Button id={`${id}-trigger`} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} data-testid={testId}>
        {label}
        <span aria-hidden="true" className={styles.caret} />
      </Button>
      {open ? (
        <div
          id={id}
          ref={panel}
          role="dialog"
          aria-label={title}
          className={[styles.panel, align === 'start' ? styles.panelStart : styles.panelEnd].join(' ')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
