// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../../contract/providers.ts';
import { keptAuthenticationData, readDraft, saveDraft } from './credential-draft.ts';

const field = (name: string, secret: boolean) => ({ name, label: name, required: false, secret });
const cielo: Provider = { id: 'p1', name: 'cielo', displayName: 'Cielo', captureType: 'card_present_emv', authenticationFields: [field('merchantIdentifier', false), field('apiKey', true)] };
const rede: Provider = { id: 'p2', name: 'rede', displayName: 'Rede', captureType: 'card_present_emv', authenticationFields: [field('merchantIdentifier', false), field('apiKey', false), field('password', true)] };

afterEach(() => sessionStorage.clear());

describe('the connect form draft', () => {
  it('keeps only the chosen acquirer’s fields that no acquirer treats as secret', () => {
    const typed = { merchantIdentifier: 'MID1', apiKey: 'sk_live_1', password: 'hunter2', leftover: 'x' };
    expect(keptAuthenticationData(typed, cielo, [cielo, rede])).toEqual({ merchantIdentifier: 'MID1' });
    // apiKey is not secret for Rede, but is for Cielo: a name secret anywhere is never kept
    expect(keptAuthenticationData(typed, rede, [cielo, rede])).toEqual({ merchantIdentifier: 'MID1' });
    expect(keptAuthenticationData(typed, undefined, [cielo, rede])).toEqual({});
  });

  it('round-trips through sessionStorage with the picked merchant, and nothing secret is written', () => {
    saveDraft({ merchantId: 'm1', providerId: 'p2', status: 'disconnected', authenticationData: { merchantIdentifier: 'MID1', password: 'hunter2' } }, rede, [cielo, rede], {
      id: 'm1',
      name: 'Padaria',
      taxId: '11222333000181',
    });
    expect(sessionStorage.getItem('acq.credentialDraft')).not.toContain('hunter2');
    expect(localStorage.length).toBe(0);
    expect(readDraft()).toEqual({
      merchantId: 'm1',
      providerId: 'p2',
      status: 'disconnected',
      authenticationData: { merchantIdentifier: 'MID1' },
      merchant: { id: 'm1', name: 'Padaria', taxId: '11222333000181' },
    });
  });

  it('drops a picked merchant that is no longer the form’s', () => {
    saveDraft({ merchantId: 'm2', providerId: '', authenticationData: {} }, undefined, [], { id: 'm1', name: 'Padaria' });
    expect(readDraft()?.merchant).toBeUndefined();
  });
});
