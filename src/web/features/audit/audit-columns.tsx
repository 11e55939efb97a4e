import { createColumnHelper } from '@tanstack/react-table';
import type { AuditEntry } from '../../../contract/audit.ts';
import { Badge } from '../../components/badge.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import type { ListFeatures } from '../../components/data-table/features.ts';
import { TimeText } from '../../components/time-text.tsx';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import styles from './audit.module.css';

const helper = createColumnHelper<ListFeatures, AuditEntry>();

/** An action may wrap after its dots and underscores (person.sign_<wbr>out_<wbr>everywhere), never inside a word. */
const breakable = (action: string) => action.split(/(?<=[._])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
const outcomeTones = { success: 'success', denied: 'warning', failure: 'danger' } as const;

/** The audit log's columns in the active language: when, who, action, target, outcome, address. */
export const auditColumns = (t: Translate) =>
  helper.columns([
    helper.accessor('occurredAt', {
      id: 'occurred_at',
      header: t('audit.col.when'),
      enableSorting: false,
      meta: { label: t('audit.col.when'), card: 'sub' },
      cell: ({ getValue }) => <TimeText iso={getValue()} />,
    }),
    helper.accessor('actor', {
      id: 'actor',
      header: t('audit.col.who'),
      enableSorting: false,
      meta: { label: t('audit.col.who'), card: 'primary' },
      cell: ({ getValue }) => {
        const actor = getValue();
        return (
          <span className={styles.actor}>
            <span>{actor.name ?? actor.id ?? t(`audit.actor.${actor.kind}`)}</span>
            <span className={styles.muted}>{t(`audit.actor.${actor.kind}`)}</span>
          </span>
        );
      },
    }),
    helper.accessor('action', {
      id: 'action',
      header: t('audit.col.action'),
      enableSorting: false,
      meta: { label: t('audit.col.action') },
      cell: ({ getValue }) => <code className={`${styles.code} ${styles.action}`}>{breakable(getValue())}</code>,
    }),
    helper.accessor('target', {
      id: 'target',
      header: t('audit.col.target'),
      enableSorting: false,
      meta: { label: t('audit.col.target') },
      cell: ({ getValue }) => {
        const target = getValue();
        return (
          <span className={styles.actor}>
            <span>{t(`audit.target.${target.type}`)}</span>
            {target.id ? <code className={`${styles.code} ${styles.muted}`}>{target.id}</code> : null}
          </span>
        );
      },
    }),
    helper.accessor('outcome', {
      id: 'outcome',
      header: t('audit.col.outcome'),
      enableSorting: false,
      meta: { label: t('audit.col.outcome'), card: 'aside' },
      cell: ({ getValue }) => <Badge tone={outcomeTones[getValue()]}>{t(`audit.outcome.${getValue()}`)}</Badge>,
    }),
    helper.accessor('address', {
      id: 'address',
      header: t('audit.col.address'),
      enableSorting: false,
      meta: { label: t('audit.col.address') },
      cell: ({ getValue }) => getValue() ?? dash,
    }),
  ]);
