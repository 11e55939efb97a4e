import { useId, useState } from 'react';
import {
  datePresets,
  dayRange,
  dayToInput,
  inputToDay,
  matchPreset,
  operatorTimeZone,
  presetRange,
  rangeToDays,
  type DatePreset,
} from '../../lib/url-state-dates.ts';
import styles from './filters.module.css';
import { useT } from '../../lib/i18n/i18n.tsx';

export interface DateRangeFilterProps {
  label: string;
  /** The created_at filter text (a range with offsets), '' for any time. */
  value: string;
  onChange: (value: string | null) => void;
  timeZone?: string;
  /** No "Any time" choice (a page that always needs a range, such as the Overview). */
  required?: boolean;
}

type Mode = 'any' | DatePreset | 'custom';

/**
 * Created date as a preset or custom days, computed in the operator's time zone and applied as an
 * explicit range with offsets. A link's range shows as its preset when it matches one today.
 */
export function DateRangeFilter(props: DateRangeFilterProps) {
  // Clearing from outside (Clear all) remounts the control, which also leaves "Custom range…".
  return <DateRangeFilterInner key={props.value ? 'set' : 'empty'} {...props} />;
}

function DateRangeFilterInner({ label, value, onChange, timeZone = operatorTimeZone(), required = false }: DateRangeFilterProps) {
  const id = useId();
  const [now] = useState(() => Date.now());
  const [customWanted, setCustomWanted] = useState(false);
  const t = useT();
  const preset = value ? matchPreset(value, now, timeZone) : null;
  const mode: Mode = customWanted ? 'custom' : (preset ?? (value ? 'custom' : 'any'));

  const choose = (next: Mode) => {
    setCustomWanted(next === 'custom');
    if (next === 'any') onChange(null);
    else if (next !== 'custom') onChange(presetRange(next, Date.now(), timeZone));
  };

  return (
    <div className={[styles.field, styles.dateField, value && styles.active].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.dateRow}>
        <div className={styles.control}>
          <select id={id} value={mode} onChange={(e) => choose(e.target.value as Mode)}>
            {required ? null : <option value="any">{t('components.dates.any')}</option>}
            {datePresets.map((p) => (
              <option key={p} value={p}>
                {t(`components.dates.${p}`)}
              </option>
            ))}
            <option value="custom">{t('components.dates.custom')}</option>
          </select>
        </div>
        {mode === 'custom' ? <CustomDays key={value} value={value} onChange={onChange} timeZone={timeZone} label={label} /> : null}
      </div>
    </div>
  );
}

function CustomDays({ value, onChange, timeZone, label }: { value: string; onChange: (v: string | null) => void; timeZone: string; label: string }) {
  const t = useT();
  const days = value ? rangeToDays(value, timeZone) : { from: null, to: null };
  const [from, setFrom] = useState(days?.from ? dayToInput(days.from) : '');
  const [to, setTo] = useState(days?.to ? dayToInput(days.to) : '');
  const fromDay = inputToDay(from);
  const toDay = inputToDay(to);
  const reversed = fromDay !== null && toDay !== null && dayToInput(fromDay) > dayToInput(toDay);

  if (days === null) {
    // A range typed into the link that is not whole days here: show it as it is.
    return (
      <span className={styles.rawRange}>
        <code>{value}</code>
        <button type="button" className={styles.link} onClick={() => onChange(null)}>
          {t('components.filters.clearShort')}
        </button>
      </span>
    );
  }

  const apply = () => {
    if (reversed) return;
    const next = dayRange(fromDay, toDay, timeZone);
    if (next !== value) onChange(next || null);
  };

  return (
    <span
      className={styles.days}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) apply();
      }}
    >
      <input
        type="date"
        aria-label={t('components.dates.from', { label })}
        value={from}
        max={to || undefined}
        onChange={(e) => setFrom(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && apply()}
      />
      <span aria-hidden="true">–</span>
      <input
        type="date"
        aria-label={t('components.dates.to', { label })}
        value={to}
        min={from || undefined}
        onChange={(e) => setTo(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && apply()}
      />
      {reversed ? (
        <span className={styles.error} role="alert">
          {t('components.dates.reversed')}
        </span>
      ) : null}
    </span>
  );
}
