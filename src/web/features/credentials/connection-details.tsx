import { formatCnpj } from '../../../contract/merchants.ts';
import type { ReactNode } from 'react';
import type { Credential } from '../../../contract/credentials.ts';
import type { Provider } from '../../../contract/providers.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './connection-details.module.css';

export interface ConnectionDetailsProps {
  credential: Credential;
  provider: Provider | undefined;
  merchantName?: string | undefined;
  /** the merchant's CNPJ digits, when known: shown in place of its internal id */
  merchantTaxId?: string | undefined;
}

/** A connection's data exactly as the server returned it (secret values arrive masked: ****1234). */
export function ConnectionDetails({ credential, provider, merchantName, merchantTaxId }: ConnectionDetailsProps) {
  const t = useT();
  const fields = new Map((provider?.authenticationFields ?? []).map((f) => [f.name, f]));
  const rows: [string, ReactNode][] = [
    [
      t('credentials.details.id'),
      <span key="id" className={styles.idRow}>
        <code data-testid="credential-id">{credential.id}</code>
        <CopyButton text={credential.id} label={t('credentials.details.copyId')} />
      </span>,
    ],
    [
      t('credentials.columns.merchant'),
      merchantName && merchantTaxId ? (
        t('components.merchant.chosen', { name: merchantName, cnpj: formatCnpj(merchantTaxId) })
      ) : (
        <>
          {merchantName ? `${merchantName} · ` : null}
          <code>{credential.merchantId}</code>
        </>
      ),
    ],
    [t('credentials.columns.acquirer'), <>{provider?.displayName ?? credential.providerId}</>],
    ...Object.entries(credential.authenticationData).map(([name, value]): [string, ReactNode] => [
      fields.get(name)?.label ?? name,
      <code key={name} data-field={name}>
        {value}
        {fields.get(name)?.secret ? <span className="visually-hidden"> {t('credentials.details.masked')}</span> : null}
      </code>,
    ]),
    [t('credentials.columns.created'), <TimeText key="c" iso={credential.createdAt} />],
    [t('credentials.details.updated'), <TimeText key="u" iso={credential.updatedAt} />],
  ];
  return (
    <dl className={styles.list}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.pair}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
