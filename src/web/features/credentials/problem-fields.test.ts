import { describe, expect, it } from 'vitest';
import type { Provider } from '../../../contract/providers.ts';
import { existingCredentialId, mapProblemToFields, pointerToField } from './problem-fields.ts';

const provider: Provider = {
  id: 'd4ps1c0000000000cie0',
  name: 'cielo',
  displayName: 'Cielo',
  captureType: 'card_present_emv',
  authenticationFields: [{ name: 'merchantIdentifier', label: 'MID', required: true, secret: false }],
};

describe('pointerToField', () => {
  it('maps body pointers to form fields', () => {
    expect(pointerToField('/merchantId', provider)).toBe('merchantId');
    expect(pointerToField('/providerName', provider)).toBe('providerId');
    expect(pointerToField('/authenticationData/merchantIdentifier', provider)).toBe('authenticationData.merchantIdentifier');
  });
  it('has no field for unknown keys or whole objects', () => {
    expect(pointerToField('/authenticationData/unknownKey', provider)).toBeNull();
    expect(pointerToField('/authenticationData', provider)).toBeNull();
    expect(pointerToField('', provider)).toBeNull();
  });
});

describe('mapProblemToFields', () => {
  it('splits field errors from the rest, first message per field', () => {
    const mapped = mapProblemToFields(
      {
        type: 'about:blank',
        title: 'Bad',
        status: 400,
        detail: 'Bad',
        errors: [
          { pointer: '/merchantId', detail: 'first' },
          { pointer: '/merchantId', detail: 'second' },
          { parameter: 'x', detail: 'query' },
        ],
      },
      provider,
    );
    expect(mapped.fields).toEqual([{ name: 'merchantId', message: 'first' }]);
    expect(mapped.unmatched).toEqual([{ where: 'x', detail: 'query' }]);
  });
});

describe('existingCredentialId', () => {
  it('prefers existingId, else finds an XID in the detail', () => {
    const base = { type: 't', title: 'Conflict', status: 409 };
    expect(existingCredentialId({ ...base, detail: 'x', existingId: 'abc' })).toBe('abc');
    expect(existingCredentialId({ ...base, detail: 'Credential d4ps1c0000000000abc0 exists' })).toBe('d4ps1c0000000000abc0');
    expect(existingCredentialId(null)).toBeNull();
  });
});
