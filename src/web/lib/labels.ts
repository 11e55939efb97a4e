import type { BadgeTone } from '../components/badge.tsx';

/** Display names for the contract's enum values (enums.ts). Unknown values fall back to the raw text. */
export const acquirerLabels: Record<string, string> = {
  cielo: 'Cielo',
  rede: 'Rede',
  getnet: 'Getnet',
  stone: 'Stone',
  pagseguro: 'PagSeguro',
  safrapay: 'Safrapay',
};

export const paymentMethodLabels: Record<string, string> = {
  credit_card: 'Credit card',
  debit_card: 'Debit card',
  pix: 'Pix',
};

export const cardBrandLabels: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'Amex',
  hipercard: 'Hipercard',
};

export const statusLabels: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
  refunded: 'Refunded',
  canceled: 'Canceled',
  failed: 'Failed',
  processed: 'Processed',
};

export const statusTones: Record<string, BadgeTone> = {
  approved: 'success',
  processed: 'success',
  pending: 'warning',
  denied: 'danger',
  failed: 'danger',
  refunded: 'info',
  canceled: 'neutral',
};

export const cycleTypeLabels: Record<string, string> = {
  authorization: 'Authorization',
  pre_authorization: 'Pre-authorization',
  capture: 'Capture',
  refund: 'Refund',
  void: 'Void',
  reversal: 'Reversal',
};

export function label(labels: Record<string, string>, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return labels[value] ?? value;
}

export function options(values: readonly string[], labels: Record<string, string>) {
  return values.map((value) => ({ value, label: label(labels, value) }));
}
