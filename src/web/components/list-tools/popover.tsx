import { Suspense, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useT } from '../../lib/i18n/i18n.tsx';
import { Button } from '../button.tsx';
import styles from './list-tools.module.css';

export interface PopoverProps {
  /** the trigger's content */
  label: ReactNode;
  /** the panel's accessible name */
  title: string;
  /** the panel's content; it may suspend while its code loads (a loading line shows meanwhile) */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  testId?: string;
  /** the user is about to open the panel (pointer over, focus or click on the button): start loading its code */
  onIntent?: () => unknown;
}

/** A button that opens a panel under it (not modal): Escape or a click elsewhere closes it, focus returns to the button. */
export function Popover({ label, title, children, align = 'end', testId, onIntent }: PopoverProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    document.getElementById(`${id}-trigger`)?.focus();
  };
  const intent = () => void Promise.resolve(onIntent?.()).catch(() => undefined);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  return (
    <div className={styles.popoverRoot} ref={root}>
      <Button
        id={`${id}-trigger`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          intent();
          setOpen((o) => !o);
        }}
        onPointerEnter={intent}
        onFocus={intent}
        data-testid={testId}
      >
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
          <Suspense fallback={<p className={styles.loading}>{t('list-tools.loading')}</p>}>
            {children(close)}
            <FocusFirst panel={panel} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

/** Mounts with the panel's content (after its code has loaded): focus moves to its first control. */
function FocusFirst({ panel }: { panel: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('input, button, select')?.focus();
  }, [panel]);
  return null;
}
