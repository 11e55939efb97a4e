import { useEffect, useRef, useState } from 'react';
import styles from './copy-button.module.css';
import { useT } from '../lib/i18n/i18n.tsx';

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  text: string;
  /** What is copied, for the accessible name: "Copy credential id". */
  label: string;
  className?: string;
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** Copies text and announces the result through a polite live region. */
export function CopyButton({ text, label, className }: CopyButtonProps) {
  const t = useT();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await writeClipboard(text);
    setStatus(ok ? 'copied' : 'failed');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setStatus('idle'), 2000);
  };

  return (
    <>
      <button
        type="button"
        className={[styles.copy, status === 'copied' && styles.done, className].filter(Boolean).join(' ')}
        aria-label={t('components.copy.action', { label })}
        title={t('components.copy.action', { label })}
        onClick={() => void onClick()}
      >
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
          <path d="M10.5 3.5V3A1.5 1.5 0 0 0 9 1.5H3A1.5 1.5 0 0 0 1.5 3v6A1.5 1.5 0 0 0 3 10.5h.5" />
        </svg>
        <span aria-hidden="true">{status === 'copied' ? t('components.copy.done') : t('components.copy.short')}</span>
      </button>
      <span className="visually-hidden" aria-live="polite" role="status">
        {status === 'copied' ? t('components.copy.done') : status === 'failed' ? t('components.copy.failed') : ''}
      </span>
    </>
  );
}
