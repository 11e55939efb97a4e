import type { Provider } from '../../../contract/providers.ts';
import type { CredentialFormValues } from './credential-schema.ts';

const draftKey = 'acq.credentialDraft';

/** The picked merchant as the form shows it (name and CNPJ), kept with the draft so a reload shows it again. */
export interface DraftMerchant {
  id: string;
  name: string;
  taxId?: string;
}

/** The form's values as react-hook-form watches them (any of them may be missing). */
export interface DraftValues {
  merchantId?: string;
  providerId?: string;
  status?: string;
  authenticationData?: Readonly<Record<string, string | undefined>>;
}

export interface CredentialDraft extends Partial<CredentialFormValues> {
  merchant?: DraftMerchant;
}

/**
 * The authentication fields a draft may keep: the chosen acquirer's fields that are not secret, and no name that
 * any acquirer treats as secret (a value typed under another acquirer stays in the form's state when the acquirer
 * changes). Everything else, secrets and passwords above all, is left out.
 */
export function keptAuthenticationData(data: Readonly<Record<string, string | undefined>>, provider: Provider | undefined, providers: readonly Provider[]): Record<string, string> {
  const secret = new Set(providers.flatMap((p) => p.authenticationFields.filter((f) => f.secret).map((f) => f.name)));
  const kept: Record<string, string> = {};
  for (const field of provider?.authenticationFields ?? []) {
    const value = data[field.name];
    if (!field.secret && !secret.has(field.name) && typeof value === 'string' && value !== '') kept[field.name] = value;
  }
  return kept;
}

/**
 * What the operator typed in the connect form, kept for this tab only (sessionStorage: a reload or a sign-in after
 * the session ended brings it back; closing the tab forgets it), secret fields excepted.
 */
export function saveDraft(values: DraftValues, provider: Provider | undefined, providers: readonly Provider[], merchant?: DraftMerchant): void {
  const draft: CredentialDraft = {
    merchantId: values.merchantId ?? '',
    providerId: values.providerId ?? '',
    status: values.status === 'disconnected' ? 'disconnected' : 'connected',
    authenticationData: keptAuthenticationData(values.authenticationData ?? {}, provider, providers),
    ...(merchant && merchant.id === values.merchantId ? { merchant } : {}),
  };
  try {
    sessionStorage.setItem(draftKey, JSON.stringify(draft));
  } catch {
    // storage unavailable: nothing to keep
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(draftKey);
  } catch {
    // storage unavailable
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The kept draft, if any. */
export function readDraft(): CredentialDraft | null {
  try {
    const stored = sessionStorage.getItem(draftKey);
    if (!stored) return null;
    const parsed = JSON.parse(stored) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const draft = parsed as Record<string, unknown>;
    const auth = typeof draft.authenticationData === 'object' && draft.authenticationData !== null ? draft.authenticationData : {};
    const merchant = typeof draft.merchant === 'object' && draft.merchant !== null ? (draft.merchant as Record<string, unknown>) : null;
    return {
      merchantId: text(draft.merchantId),
      providerId: text(draft.providerId),
      status: draft.status === 'disconnected' ? 'disconnected' : 'connected',
      authenticationData: Object.fromEntries(Object.entries(auth).filter((e): e is [string, string] => typeof e[1] === 'string')),
      ...(merchant && text(merchant.id) !== '' ? { merchant: { id: text(merchant.id), name: text(merchant.name), ...(merchant.taxId ? { taxId: text(merchant.taxId) } : {}) } } : {}),
    };
  } catch {
    return null;
  }
}
