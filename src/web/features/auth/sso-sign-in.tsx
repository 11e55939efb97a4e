import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { apiPath } from '../../../contract/endpoints.ts';
import { ssoErrorCodes, ssoErrorParameter, type SsoErrorCode } from '../../../contract/sso-errors.ts';
import type { SsoOptions } from '../../../contract/sso.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { apiUrl } from '../../lib/runtime-config.ts';
import { usesCookieSession } from '../../lib/session.ts';
import styles from './sso-sign-in.module.css';

/** GET /v1/sso with a plain fetch (sign-in has no query cache); any failure: no single sign-on offered. */
async function fetchSsoOptions(): Promise<SsoOptions | null> {
  const response = await fetch(apiUrl(apiPath('getSsoOptions')), { headers: { accept: 'application/json' } });
  const body = (await response.json()) as Partial<SsoOptions>;
  return response.ok && typeof body.enabled === 'boolean' ? { enabled: body.enabled, needsEmail: body.needsEmail === true } : null;
}

/**
 * Navigates to /v1/sso/start with the form's fields. Not a native submission: the page's CSP allows forms to post to
 * this origin only (form-action 'self'), which a browser applies to the redirect on to the provider as well.
 */
function goToProvider(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') query.set(name, value);
  const search = query.toString();
  window.location.assign(`${event.currentTarget.action}${search ? `?${search}` : ''}`);
}

const isSsoError = (value: string | null): value is SsoErrorCode => ssoErrorCodes.includes(value as SsoErrorCode);

/**
 * "Sign in with your company": shown when an organization signs in with its OpenID provider (GET /v1/sso), as a
 * form that opens /v1/sso/start (the browser goes to the provider and comes back signed in), and the reason a sign-in
 * there was refused (`?sso_error=`). The session cookie is set on the API's origin: a dashboard on another origin
 * (bearer tokens) offers none.
 */
export function SsoSignIn({ next }: { next: string | null }) {
  const t = useT();
  const [params] = useSearchParams();
  const [options, setOptions] = useState<SsoOptions | null>(null);
  const emailId = useId();
  useEffect(() => {
    if (!usesCookieSession()) return;
    let live = true;
    fetchSsoOptions().then(
      (answer) => live && setOptions(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const code = params.get(ssoErrorParameter);
  const reasons: Record<SsoErrorCode, string> = {
    not_configured: t('auth.sso.notConfigured'),
    provider_unavailable: t('auth.sso.providerUnavailable'),
    provider_denied: t('auth.sso.providerDenied'),
    invalid_response: t('auth.sso.invalidResponse'),
    expired: t('auth.sso.expired'),
    email_unverified: t('auth.sso.emailUnverified'),
    not_invited: t('auth.sso.notInvited'),
    disabled: t('auth.sso.disabled'),
    no_role: t('auth.sso.noRole'),
  };
  return (
    <>
      {isSsoError(code) ? (
        <Banner tone="error" title={t('auth.sso.errorTitle')} className={styles.banner}>
          {reasons[code]}
        </Banner>
      ) : null}
      {options?.enabled ? (
        <form method="get" action={apiUrl(apiPath('startSso'))} className={styles.form} onSubmit={goToProvider}>
          <p className={styles.divider}>{t('auth.sso.divider')}</p>
          {next ? <input type="hidden" name="return_to" value={next} /> : null}
          {options.needsEmail ? (
            <>
              <label htmlFor={emailId} className={styles.label}>
                {t('auth.sso.emailLabel')}
              </label>
              <input id={emailId} name="email" type="email" required autoComplete="email" className={styles.input} />
            </>
          ) : null}
          <Button type="submit" className={styles.submit}>
            {t('auth.sso.button')}
          </Button>
        </form>
      ) : null}
    </>
  );
}
