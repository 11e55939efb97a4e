import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { formatCnpj, type Merchant } from '../../../contract/merchants.ts';
import { fieldClassNames, type FieldControlProps } from '../form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { merchantSearchQuery } from './merchant-search.ts';
import styles from './merchant-combobox.module.css';

export interface MerchantComboboxProps {
  control: FieldControlProps;
  /** the chosen merchant's id ('' when none) */
  value: string;
  /** the chosen merchant's name, when known */
  selectedName: string | undefined;
  onSelect: (merchant: (Pick<Merchant, 'id' | 'name'> & { taxId?: string }) | null) => void;
  onBlur: () => void;
  /** shown as the last option when the token may add merchants */
  onAddMerchant?: (text: string) => void;
  /** picking adds to a set (merchant-multi-select.tsx): the text clears after each pick, these ids are not offered */
  exclude?: readonly string[];
}

/**
 * ARIA 1.2 combobox with a listbox popup: typing searches GET /v1/merchants (name or CNPJ); ArrowDown/ArrowUp
 * move the active option (aria-activedescendant), Enter picks it, Escape closes then clears. The result count
 * is announced in a polite live region.
 */
export function MerchantCombobox({ control, value, selectedName, onSelect, onBlur, onAddMerchant, exclude }: MerchantComboboxProps) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState(selectedName ?? value);
  // a merchant chosen elsewhere (added through the dialog): show its name
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value && selectedName) setText(selectedName);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useDeferredValue(text === (selectedName ?? value) ? '' : text);
  const results = useQuery({ ...merchantSearchQuery(search), enabled: open });
  const options = (results.data ?? []).filter((m) => !exclude?.includes(m.id));
  const count = options.length + (onAddMerchant ? 1 : 0);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = (index: number) => {
    const merchant = options[index];
    if (merchant) {
      onSelect(merchant);
      setText(exclude ? '' : merchant.name);
    } else if (onAddMerchant && index === options.length) onAddMerchant(text);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      if (count === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + count) % count);
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      if (open) setOpen(false);
      else {
        setText('');
        onSelect(null);
      }
    }
  };

  return (
    <div className={styles.combobox}>
      <input
        {...control}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        className={fieldClassNames.input}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('components.merchant.placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onSelect(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t('components.merchant.options')} className={styles.listbox} hidden={!open}>
        {options.map((m, i) => (
          <li
            key={m.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? styles.active : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
          >
            <span>{m.name}</span>
            <span className={styles.meta}>{formatCnpj(m.taxId)}</span>
          </li>
        ))}
        {open && !results.isPending && options.length === 0 ? (
          <li role="presentation" className={styles.empty}>
            {t('components.merchant.none')}
          </li>
        ) : null}
        {onAddMerchant ? (
          <li
            id={optionId(options.length)}
            role="option"
            aria-selected={active === options.length}
            className={[styles.add, active === options.length && styles.active].filter(Boolean).join(' ')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(options.length)}
          >
            + {t('components.merchant.add')}
          </li>
        ) : null}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {open && results.data ? t('components.merchant.count', { count: options.length }) : ''}
      </p>
    </div>
  );
}
