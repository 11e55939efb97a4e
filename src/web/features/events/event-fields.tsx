import type { ReactNode } from 'react';
import { CopyButton } from '../../components/copy-button.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './events.module.css';

type Value = string | number | boolean | null | undefined;

export function Show({ value }: { value: Value }) {
  const t = useT();
  if (value === null || value === undefined || value === '') return <span className={styles.null}>{dash}</span>;
  if (typeof value === 'boolean') return value ? t('components.yes') : t('components.no');
  return String(value);
}

export function Pair({ term, value, children, copy = false }: { term: string; value?: Value; children?: ReactNode; copy?: boolean }) {
  const t = useT();
  return (
    <div className={styles.pair}>
      <dt>{term}</dt>
      <dd>
        <span className={[styles.value, copy && styles.mono].filter(Boolean).join(' ')}>{children ?? <Show value={value} />}</span>
        {copy && typeof value === 'string' && value ? <CopyButton text={value} label={t('events.copyValue', { term, value })} /> : null}
      </dd>
    </div>
  );
}

export function Group({ title, children, empty }: { title: string; children?: ReactNode; empty?: ReactNode }) {
  return (
    <section className={styles.group} aria-label={title}>
      <h3>{title}</h3>
      {empty ?? <dl>{children}</dl>}
    </section>
  );
}
