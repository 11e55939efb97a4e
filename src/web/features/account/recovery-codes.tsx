import { useEffect, useRef } from 'react';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './account.module.css';

/** Saves the codes as a text file through a Blob URL (nothing leaves the browser). */
function download(codes: readonly string[], name: string, heading: string) {
  const url = URL.createObjectURL(new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Ten recovery codes, shown once (the server keeps only their hashes): copy, download, then "Done" forgets them. */
export function RecoveryCodes({ codes, organization, onDone }: { codes: readonly string[]; organization: string; onDone: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.codes} data-testid="recovery-codes">
      <h3 ref={heading} tabIndex={-1}>
        {t('account.codes.title')}
      </h3>
      <Banner tone="notice">{t('account.codes.once')}</Banner>
      <ol className={styles.codeList}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <CopyButton text={codes.join('\n')} label={t('account.codes.copy')} />
        <Button onClick={() => download(codes, t('account.codes.fileName'), t('account.codes.fileHeading', { organization }))}>{t('account.codes.download')}</Button>
        <Button variant="primary" onClick={onDone}>
          {t('account.codes.done')}
        </Button>
      </div>
    </div>
  );
}
