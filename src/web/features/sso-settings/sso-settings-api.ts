import { queryOptions } from '@tanstack/react-query';
import { etagHeaderName, ifMatchHeader } from '../../../contract/headers.ts';
import type { SsoConfigInput, SsoConfigView } from '../../../contract/sso-config.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { objectWith } from '../../lib/shape.ts';
import { ssoSettingsKey } from './sso-settings-keys.ts';

const One = objectWith<SsoConfigView>('a single sign-on configuration', 'issuer', 'clientSecretSet');

/** The configuration as read, with the ETag a change sends back in If-Match; null: none set (404). */
export interface SsoSettings {
  config: SsoConfigView;
  etag: string;
}

export const ssoSettingsQuery = () =>
  queryOptions({
    queryKey: ssoSettingsKey(),
    queryFn: async ({ signal }): Promise<SsoSettings | null> => {
      try {
        const { data, headers } = await api('getSsoConfig', One, { signal });
        return { config: data, etag: headers.get(etagHeaderName) ?? '' };
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 10_000,
  });

/** Creates (no ETag) or replaces (the ETag read) the configuration. */
export async function saveSsoSettings(etag: string | null, body: SsoConfigInput): Promise<SsoSettings> {
  const { data, headers } = await api('replaceSsoConfig', One, { body, headers: etag ? { [ifMatchHeader]: etag } : {} });
  return { config: data, etag: headers.get(etagHeaderName) ?? '' };
}

export async function removeSsoSettings(etag: string): Promise<void> {
  await api('deleteSsoConfig', null, { headers: { [ifMatchHeader]: etag } });
}
