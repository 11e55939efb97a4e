import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
  className?: string;
}

/** A short status label. Colour is never the only signal: the text says it too. */
export function Badge({ tone = 'neutral', children, title, className }: BadgeProps) {
  return (
    <span className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')} title={title}>
      {children}
    </span>
  );
}
