import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/i18n.tsx';
import { parseAmountFilter } from '../../../contract/filters.ts';
import { decimalPattern } from '../../../contract/money.ts';
import styles from '../../components/data-table/filters.module.css';
import { ClearButton } from '../../components/data-table/filter-controls.tsx';
import local from './transactions.module.css';

type Mode = 'exact' | 'range';

/**
 * Amount as an exact value (`150.00`) or a range (`100..250.50`, either side open). The text is checked
 * as decimal text and sent as typed (normalized to its decimal form), never parsed to a float.
 */
export function AmountFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  return <AmountFilterInner key={value} value={value} onChange={onChange} />;
}

/** "1.234,56" or "1234,5" as operators type in pt-BR → "1234.56"; null when it is not an amount. */
export function normalizeAmount(text: string): string | null {
  let t = text.trim().replace(/\s/g, '');
  if (t === '') return '';
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  return decimalPattern.test(t) ? t : null;
}

function AmountFilterInner({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const t = useT();
  const id = useId();
  const isRange = value.includes('..');
  const [from = '', to = ''] = isRange ? value.split('..') : [value, ''];
  const [mode, setMode] = useState<Mode>(isRange ? 'range' : 'exact');
  const [min, setMin] = useState(from);
  const [max, setMax] = useState(to);
  const [error, setError] = useState<string | null>(null);

  const commit = (nextMode = mode) => {
    const a = normalizeAmount(min);
    const b = normalizeAmount(max);
    if (a === null || (nextMode === 'range' && b === null)) return setError(t('transactions.amount.invalid'));
    let next = '';
    if (nextMode === 'exact') next = a;
    else if (a !== '' || b !== '') next = `${a}..${b}`;
    if (next !== '' && parseAmountFilter(next) === null) return setError(t('transactions.amount.order'));
    setError(null);
    if (next !== value) onChange(next || null);
  };

  return (
    <div className={[styles.field, local.amountField, value && styles.active].filter(Boolean).join(' ')}>
      <label htmlFor={`${id}-min`}>
        {t('transactions.amount.label')}
        {mode === 'range' ? <span className="visually-hidden">{t('transactions.amount.from')}</span> : null}
      </label>
      <div
        className={local.amountRow}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            commit();
          }
        }}
      >
        <select
          aria-label={t('transactions.amount.match')}
          className={local.amountMode}
          value={mode}
          onChange={(e) => {
            const next = e.target.value as Mode;
            setMode(next);
            if (next === 'exact') setMax('');
            if (min !== '' || max !== '') commit(next);
          }}
        >
          <option value="exact">=</option>
          <option value="range">{t('transactions.amount.range')}</option>
        </select>
        <div className={styles.control}>
          <input
            id={`${id}-min`}
            inputMode="decimal"
            placeholder={mode === 'exact' ? t('transactions.amount.example') : t('transactions.amount.min')}
            value={min}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setMin(e.target.value)}
            className={local.amountInput}
          />
        </div>
        {mode === 'range' ? (
          <div className={styles.control}>
            <input
              aria-label={t('transactions.amount.to')}
              inputMode="decimal"
              placeholder={t('transactions.amount.max')}
              value={max}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              onChange={(e) => setMax(e.target.value)}
              className={local.amountInput}
            />
          </div>
        ) : null}
        {value ? (
          <ClearButton label={t('transactions.amount.label')} onClear={() => onChange(null)} className={local.clearInline} />
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
