import styles from './skeleton.module.css';
import { useT } from '../lib/i18n/i18n.tsx';

export interface SkeletonProps {
  width?: string;
  height?: string;
  /** Several bars stacked; the last one shorter. */
  lines?: number;
  /** Announced to screen readers while loading. */
  label?: string;
  className?: string;
}

/** Placeholder bars while data loads; screen readers hear the label once (aria-busy region). */
export function Skeleton({ width = '100%', height = '0.875rem', lines = 1, label, className }: SkeletonProps) {
  const t = useT();
  return (
    <div className={[styles.stack, className].filter(Boolean).join(' ')} role="status" aria-busy="true" aria-label={label ?? t('components.loading')}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={styles.skeleton} style={{ width: i === lines - 1 && lines > 1 ? '60%' : width, height }} />
      ))}
    </div>
  );
}
