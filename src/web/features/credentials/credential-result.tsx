import { useEffect, useRef, type ReactNode } from 'react';
import type { Credential } from '../../../contract/credentials.ts';
import type { Provider } from '../../../contract/providers.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { TimeText } from '../../components/time-text.tsx';
import styles from './credential-result.module.css';

export interface CredentialResultProps {
  credential: Credential;
  provider: Provider;
  merchantName?: string | undefined;
  onConnectAnother: () => void;
}

/** The created credential, exactly as the server returned it (secrets arrive masked). */
export function CredentialResult({ credential, provider, merchantName, onConnectAnother }: CredentialResultProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const labels = new Map(provider.authenticationFields.map((f) => [f.name, f.label]));
  const rows: [string, ReactNode][] = [
    [
      'Credential ID',
      <span key="id" className={styles.idRow}>
        <code data-testid="credential-id">{credential.id}</code>
        <CopyButton text={credential.id} label="credential id" />
      </span>,
    ],
    ['Merchant', <>{merchantName ? `${merchantName} · ` : null}<code>{credential.merchantId}</code></>],
    ['Provider', <>{provider.displayName} · <code>{credential.providerId}</code></>],
    ...Object.entries(credential.authenticationData).map(([name, value]): [string, ReactNode] => [labels.get(name) ?? name, <code key={name}>{value}</code>]),
    ['Organization', <code key="org">{credential.subacquirerId}</code>],
    ['Created', <TimeText key="c" iso={credential.createdAt} />],
    ['Updated', <TimeText key="u" iso={credential.updatedAt} />],
  ];
  return (
    <section className={styles.result} aria-labelledby="credential-created">
      <div className={styles.head}>
        <h2 id="credential-created" ref={heading} tabIndex={-1} className={styles.title}>
          <span className={styles.check} aria-hidden="true">
            ✓
          </span>
          Acquirer connected
        </h2>
        <div className={styles.badges}>
          {credential.testMode ? <Badge tone="warning">Test mode</Badge> : <Badge tone="success">Live</Badge>}
          {credential.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}
        </div>
      </div>
      <dl className={styles.list}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.pair}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onConnectAnother}>
          Connect another
        </Button>
      </div>
    </section>
  );
}
