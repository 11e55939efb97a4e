import type { AuthenticationField, Provider } from '../../contract/providers.ts';
import type { ProviderName } from '../../contract/enums.ts';

/** EMV card-present fields: ISO 8583 field 42 (MID) and field 41 (TID). */
const emvFields: AuthenticationField[] = [
  {
    name: 'merchantIdentifier',
    label: 'Merchant ID (MID)',
    required: true,
    pattern: '^[A-Za-z0-9]{1,15}$',
    maxLength: 15,
    secret: false,
    description: 'Merchant code at the acquirer: 1 to 15 letters or digits (ISO 8583 field 42)',
  },
  {
    name: 'terminalIdentifier',
    label: 'Terminal ID (TID)',
    required: true,
    pattern: '^[A-Za-z0-9]{1,8}$',
    maxLength: 8,
    secret: false,
    description: 'Terminal code at the acquirer: 1 to 8 letters or digits (ISO 8583 field 41)',
  },
];

/** The six accepted acquirers, with stable XIDs so links and tests survive reseeding. */
export const providerCatalog: Provider[] = (
  [
    ['cielo', 'Cielo', 'd4ps1c0000000000cie0'],
    ['rede', 'Rede', 'd4ps1c0000000000red0'],
    ['getnet', 'Getnet', 'd4ps1c0000000000get0'],
    ['stone', 'Stone', 'd4ps1c0000000000sto0'],
    ['pagseguro', 'PagSeguro', 'd4ps1c0000000000pag0'],
    ['safrapay', 'SafraPay', 'd4ps1c0000000000saf0'],
  ] as const satisfies readonly (readonly [ProviderName, string, string])[]
).map(([name, displayName, id]) => ({ id, name, displayName, captureType: 'card_present_emv', authenticationFields: emvFields }));
