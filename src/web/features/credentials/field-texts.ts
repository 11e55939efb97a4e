import type { Provider } from '../../../contract/providers.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';

/**
 * The providers' authentication fields in the user's language. The provider data (GET /v1/providers, from
 * src/server/providers/providers-catalog.ts) gives each field a stable name (merchantIdentifier,
 * terminalIdentifier) with English texts; the dashboard's catalogue says them in each language
 * (`credentials.field.<name>.label` and `.hint`), so the form, the connection's details, its history and the
 * rules' messages all read the same words. A field the catalogue does not know yet keeps the API's English.
 */
export function localizeProviders(t: Translate, providers: readonly Provider[]): Provider[] {
  return providers.map((provider) => ({
    ...provider,
    authenticationFields: provider.authenticationFields.map((field) => {
      const key = `credentials.field.${field.name}`;
      return {
        ...field,
        label: t.has(`${key}.label`) ? t(`${key}.label`) : field.label,
        description: t.has(`${key}.hint`) ? t(`${key}.hint`) : field.description,
      };
    }),
  }));
}
