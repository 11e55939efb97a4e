import { z } from 'zod/mini';
import { OrderDirection } from './enums.ts';
import { Timestamp } from './ids.ts';
import { listBaseQuery } from './list-query.ts';

/** The 14 digits of a CNPJ written with or without its dots, slash and dash; null when it is not that shape. */
export function cnpjDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!/^(\d{14}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, '');
}

/** 14 CNPJ digits written 00.000.000/0000-00; anything else as it came. */
export function formatCnpj(digits: string): string {
  const m = /^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/.exec(digits);
  return m ? `${m[1]}.${m[2]}.${m[3]}/${m[4]}-${m[5]}` : digits;
}

const checkDigit = (digits: string, weights: number[]) => {
  const rest = weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
};

/** True when the 14 digits end with the two check digits of the first 12 (and are not all the same digit). */
export function cnpjCheckDigitsValid(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits.endsWith(`${first}${second}`);
}

export const Cnpj = z
  .pipe(
    z.string(),
    z.transform((v: string, ctx) => {
      const digits = cnpjDigits(v);
      if (digits === null) {
        ctx.issues.push({ code: 'custom', message: 'must be 14 digits, written 12345678000195 or 12.345.678/0001-95', input: v });
        return z.NEVER;
      }
      if (!cnpjCheckDigitsValid(digits)) {
        ctx.issues.push({ code: 'custom', message: 'is not a valid CNPJ: its last two check digits do not match the first twelve', input: v });
        return z.NEVER;
      }
      return digits;
    }),
  )
  .check(z.meta({ description: 'CNPJ, 14 digits with valid check digits; dots, slash and dash are accepted and removed', example: '11.222.333/0001-81' }));

export const Mcc = z.string().check(z.regex(/^\d{4}$/, 'must be 4 digits'), z.meta({ description: 'Merchant category code (ISO 18245), 4 digits', example: '5411' }));

const feePlanId = z.string().check(z.minLength(1), z.maxLength(64), z.meta({ description: 'A price plan of the organization (GET /v1/merchants/price-plans); absent or null: the default plan' }));

export const MerchantInput = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(2, 'must be at least 2 characters'), z.maxLength(120, 'must be at most 120 characters')),
    taxId: Cnpj,
    mcc: Mcc,
    feePlanId: z.optional(feePlanId),
  })
  .register(z.globalRegistry, { id: 'NewMerchant', description: 'Body of POST /v1/merchants' });
export type MerchantInput = z.infer<typeof MerchantInput>;
export type MerchantInputText = z.input<typeof MerchantInput>;

export const Merchant = z
  .object({
    id: z.string(),
    name: z.string(),
    taxId: z.string().check(z.meta({ description: 'CNPJ, 14 digits' })),
    mcc: z.nullable(z.string()),
    feePlanId: z.nullable(z.string()).check(z.meta({ description: 'The price plan it pays; null: the organization’s default plan' })),
    createdAt: Timestamp,
  })
  .register(z.globalRegistry, { id: 'Merchant' });
export type Merchant = z.infer<typeof Merchant>;
export const MerchantList = z.array(Merchant);

export const MerchantPatch = z
  .strictObject({ feePlanId: z.nullable(feePlanId) })
  .register(z.globalRegistry, { id: 'MerchantPatch', description: 'Body of PATCH /v1/merchants/{id}: the price plan it pays (null: the default)' });
export type MerchantPatch = z.infer<typeof MerchantPatch>;

export const merchantQueryShape = {
  ...listBaseQuery,
  order_by: z._default(z.optional(z.enum(['name', 'created_at'])), 'name').check(z.meta({ description: 'name (default) or created_at; ties broken by id' })),
  order_direction: z._default(z.optional(OrderDirection), 'asc').check(z.meta({ description: 'asc (default) or desc' })),
  q: z
    .optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(120, 'must be at most 120 characters')))
    .check(z.meta({ description: 'Part of the name (case- and accent-insensitive) or the start of the CNPJ (digits; dots, slash and dash ignored)' })),
};
export const MerchantQuery = z.strictObject(merchantQueryShape);
export type MerchantQuery = z.infer<typeof MerchantQuery>;
