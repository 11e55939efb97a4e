import type { Credential } from '../../../contract/credentials.ts';
import type { Provider } from '../../../contract/providers.ts';
import { Badge } from '../../components/badge.tsx';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';

/** "Enabled" / "Disabled", colour and text together. */
export function StatusBadge({ enabled }: { enabled: boolean }) {
  const t = useT();
  return enabled ? <Badge tone="success">{t('credentials.status.enabled')}</Badge> : <Badge tone="neutral">{t('credentials.status.disabled')}</Badge>;
}

export function ModeBadge({ testMode }: { testMode: boolean }) {
  const t = useT();
  return testMode ? <Badge tone="warning">{t('credentials.mode.test')}</Badge> : <Badge tone="info">{t('credentials.mode.live')}</Badge>;
}

/** "Cielo · MID 123 · TID 456": what a connection is, in words, for confirmations and links. */
export function describeConnection(t: Translate, credential: Credential, provider: Provider | undefined, merchantName: string | undefined): string {
  const mid = credential.authenticationData.merchantIdentifier;
  const tid = credential.authenticationData.terminalIdentifier;
  return t('credentials.describe', {
    provider: provider?.displayName ?? credential.providerId,
    merchant: merchantName ?? credential.merchantId,
    mid: mid ?? '—',
    tid: tid ?? '—',
  });
}
