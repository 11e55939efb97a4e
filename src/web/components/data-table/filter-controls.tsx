import { useId, useState, type ReactNode } from 'react';
import styles from './filters.module.css';
import { useT } from '../../lib/i18n/i18n.tsx';

export interface Option {
  value: string;
  label: string;
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string | null) => void;
}

/** The "×" that clears one filter; positioned inside its input unless `className` places it elsewhere. */
export function ClearButton({ label, onClear, className }: { label: string; onClear: () => void; className?: string }) {
  const t = useT();
  return (
    <button type="button" className={[styles.clear, className].filter(Boolean).join(' ')} onClick={onClear} aria-label={t('components.filters.clear', { label })} title={t('components.filters.clear', { label })}>
      <svg viewBox="0 0 12 12" aria-hidden="true">
        <path d="M3 3l6 6M9 3l-6 6" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** A labelled select whose first option ("All …") clears the filter. */
export function SelectFilter({ label, value, onChange, options, allLabel }: FieldProps & { options: readonly Option[]; allLabel: string }) {
  const id = useId();
  return (
    <div className={[styles.field, value && styles.active].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.control}>
        <select id={id} value={value} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{allLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export interface TextFilterProps extends FieldProps {
  /** Returns a message when the text cannot be applied. */
  validate: (text: string) => string | null;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  maxLength?: number;
  hint?: string;
  width?: 'narrow' | 'normal';
}

/**
 * Free text applied on Enter or when the field loses focus, never per keystroke. Invalid text stays in
 * the field with its message and is not sent. The field remounts (key) when the applied value changes.
 */
export function TextFilter(props: TextFilterProps) {
  return <TextFilterInner key={props.value} {...props} />;
}

function TextFilterInner({ label, value, onChange, validate, placeholder, inputMode, maxLength, hint, width = 'normal' }: TextFilterProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    const text = draft.trim();
    if (text === value) return setError(null);
    if (text === '') {
      setError(null);
      return onChange(null);
    }
    const problem = validate(text);
    setError(problem);
    if (problem === null) onChange(text);
  };
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, value && styles.active, width === 'narrow' && styles.narrow].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.control}>
        <input
          id={id}
          value={draft}
          placeholder={placeholder}
          inputMode={inputMode}
          maxLength={maxLength}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'Escape') {
              setDraft(value);
              setError(null);
            }
          }}
        />
        {value ? <ClearButton label={label} onClear={() => onChange(null)} /> : null}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface FilterPanelProps {
  activeCount: number;
  onClearAll: () => void;
  children: ReactNode;
  /** Extra controls at the end of the bar (refresh, …). */
  actions?: ReactNode;
}

/** The filter bar: always open on wide screens, behind a "Filters" disclosure on narrow ones. */
export function FilterPanel({ activeCount, onClearAll, children, actions }: FilterPanelProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <section className={styles.panel} aria-label={t('components.filters.title')}>
      <div className={styles.panelHead}>
        <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M2 3.5h12M4.5 8h7M7 12.5h2" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          {t('components.filters.title')}
          {activeCount > 0 ? <span className={styles.count}>{activeCount}</span> : null}
        </button>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <div id={id} className={[styles.fields, open && styles.open].filter(Boolean).join(' ')}>
        {children}
        {activeCount > 0 ? (
          <div className={styles.clearAll}>
            <button type="button" className={styles.link} onClick={onClearAll}>
              {t('components.filters.clearAll')}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
