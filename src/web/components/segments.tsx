import { useId } from 'react';
import styles from './segments.module.css';

export interface Segment {
  value: string;
  label: string;
}

/** A segmented radio group (always visible; arrow keys move between choices); '' is the "all" choice. */
export function Segments({ legend, choices, value, onChange }: { legend: string; choices: readonly Segment[]; value: string; onChange: (value: string | null) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.segments}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((c) => (
        <label key={c.value || 'all'} className={styles.segment}>
          <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => onChange(c.value || null)} />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
