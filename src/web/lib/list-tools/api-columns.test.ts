import { describe, expect, it } from 'vitest';
import { eventColumnIds, summaryColumnIds } from '../../../contract/export.ts';
import { apiColumnLabels, eventApiColumns, fromApiColumns, summaryApiColumns, toApiColumns, unexportedColumns } from './api-columns.ts';

describe('dashboard column ids and API export columns', () => {
  it('maps every dashboard column to API columns the contract knows', () => {
    for (const api of Object.values(summaryApiColumns).flat()) expect(summaryColumnIds).toContain(api);
    for (const api of Object.values(eventApiColumns).flat()) expect(eventColumnIds).toContain(api);
  });

  it('keeps the visible order and expands a column into several API columns', () => {
    expect(toApiColumns(['card', 'amount', 'transaction'], eventApiColumns)).toEqual(['card_brand', 'card_bin', 'card_last4', 'amount', 'transaction_type', 'transaction_status']);
    expect(toApiColumns(['merchant', 'created_at'], summaryApiColumns)).toEqual(['merchant_name', 'created_at']);
  });

  it('leaves out columns without an API column (the expand toggle) and names them', () => {
    expect(toApiColumns(['expand', 'amount'], eventApiColumns)).toEqual(['amount']);
    expect(unexportedColumns(['expand', 'amount'], eventApiColumns)).toEqual(['expand']);
  });

  it('reads API columns back into the same visible columns (round trip for every order)', () => {
    const choosable = Object.keys(eventApiColumns);
    const visible = ['card', 'merchant', 'created_at', 'transaction'];
    expect(fromApiColumns(toApiColumns(visible, eventApiColumns), eventApiColumns, choosable)).toEqual(visible);
    const reversed = [...choosable].reverse();
    expect(fromApiColumns(toApiColumns(reversed, eventApiColumns), eventApiColumns, choosable)).toEqual(reversed);
  });

  it('shows a multi-column dashboard column when any of its API columns is listed; ignores unknown ids', () => {
    expect(fromApiColumns(['card_last4', 'nope', 'amount'], eventApiColumns, Object.keys(eventApiColumns))).toEqual(['card', 'amount']);
  });

  it('labels each API column of the export with its list column, or with its part when the column shows several', () => {
    const labels = { merchant: 'Estabelecimento', card: 'Cartão', amount: 'Valor', expand: 'Expandir' };
    const parts = { card_brand: 'Bandeira do cartão', card_bin: 'BIN do cartão', card_last4: 'Final do cartão', merchant_id: 'unused' };
    expect(apiColumnLabels(['expand', 'merchant', 'card', 'amount'], eventApiColumns, labels, parts)).toEqual({
      merchant_id: 'Estabelecimento',
      card_brand: 'Bandeira do cartão',
      card_bin: 'BIN do cartão',
      card_last4: 'Final do cartão',
      amount: 'Valor',
    });
    // without part labels a part takes its column's label; without a label, its id
    expect(apiColumnLabels(['card', 'created_at'], eventApiColumns, labels)).toEqual({ card_brand: 'Cartão', card_bin: 'Cartão', card_last4: 'Cartão', created_at: 'created_at' });
  });
});
