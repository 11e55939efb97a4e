import type { SsoConfigView } from '../../../contract/sso-config.ts';
import { Banner } from '../../components/banner.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './sso-settings.module.css';

/** A configuration the server's environment writes (OIDC_*): shown, not editable here. */
export function ManagedView({ config }: { config: SsoConfigView }) {
  const t = useT();
  const rows: [string, string][] = [
    [t('sso-settings.field.issuer'), config.issuer],
    [t('sso-settings.field.clientId'), config.clientId],
    [t('sso-settings.field.clientSecret'), t(config.clientSecretSet ? 'sso-settings.secretIsSet' : 'sso-settings.secretNotSet')],
    [t('sso-settings.field.scopes'), config.scopes],
    [t('sso-settings.field.allowedDomains'), config.allowedDomains.join(', ') || '—'],
    [t('sso-settings.field.roleClaim'), config.roleClaim],
    [t('sso-settings.mapping.title'), config.roleMap.map((m) => `${m.value} → ${roleLabel(t, m.role)}`).join(', ') || '—'],
    [t('sso-settings.field.defaultRole'), config.defaultRole === null ? t('sso-settings.noDefaultRole') : roleLabel(t, config.defaultRole)],
  ];
  return (
    <>
      <Banner tone="info" title={t('sso-settings.managed.title')}>
        <p>{t('sso-settings.managed.text')}</p>
      </Banner>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const roleLabel = (t: ReturnType<typeof useT>, role: string) => (t.has(`sso-settings.roleName.${role}`) ? t(`sso-settings.roleName.${role}`) : role);
