import type { ReactNode } from 'react';
import styles from './banner.module.css';

export interface BannerProps {
  tone?: 'error' | 'info' | 'notice' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** A message across the content. Errors are announced at once (role=alert), the rest politely. */
export function Banner({ tone = 'info', title, children, action, className }: BannerProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={[styles.banner, styles[tone], className].filter(Boolean).join(' ')}>
      <div className={styles.body}>
        {title ? <strong className={styles.title}>{title}</strong> : null}
        {children}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
