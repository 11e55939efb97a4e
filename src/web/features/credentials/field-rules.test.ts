import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticationField } from '../../../contract/providers.ts';
import { loadAllMessages, translator, type Translate } from '../../lib/i18n/i18n.tsx';
import { fieldMessage } from './field-rules.ts';

const mid: AuthenticationField = { name: 'merchantIdentifier', label: 'Merchant ID (MID)', required: true, pattern: '^[A-Za-z0-9]{1,15}$', maxLength: 15, secret: false };

describe('field rules in plain words', () => {
  let t: Translate;
  beforeAll(async () => {
    t = translator(await loadAllMessages('en'));
  });
  it('names every rule a value breaks: its length and each character that is not allowed', () => {
    expect(fieldMessage(t, mid, '12345-67890#ABC!')).toBe(
      'Merchant ID (MID): it has 16 characters, at most 15 are allowed; only letters and digits (no spaces or symbols) are allowed, so remove “-” “#” “!”',
    );
    expect(fieldMessage(t, mid, 'AB C')).toBe('Merchant ID (MID): only letters and digits (no spaces or symbols) are allowed, so remove spaces');
    expect(fieldMessage(t, mid, 'ABC123')).toBeNull();
    expect(fieldMessage(t, mid, '')).toBe('Merchant ID (MID) is required');
  });
});
