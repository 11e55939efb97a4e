import { ddmmyyyy, digitsOf, LineBuilder, num, type FileHeader, type StatementEntry } from './statement-entry.ts';

/**
 * Writes a Cielo EDI v15 sales file (CIELO03: header, one E per installment or adjustment, trailer) in the
 * positions the reader (src/server/reconciliation/readers/cielo-v15.ts) documents. Lines are yielded one at a time.
 */
export function* writeCieloV15(header: FileHeader, entries: Iterable<StatementEntry>): Generator<string> {
  yield new LineBuilder(250)
    .at(1, '0').at(2, num(header.headMid, 10)).at(12, digitsOf(header.generatedOn)).at(20, digitsOf(header.periodStart))
    .at(28, digitsOf(header.periodEnd)).at(36, num(header.sequence, 7)).at(43, 'CIELO03').at(50, 'I').at(71, '015')
    .toString();
  let count = 0;
  let net = 0n;
  let gross = 0n;
  for (const e of entries) {
    const sale = e.kind === 'sale';
    const sign = sale ? 1n : -1n;
    const lineGross = sign * e.grossMinor;
    const lineFee = sign * e.feeMinor;
    const lineNet = lineGross - lineFee;
    const entryType = !sale ? '06' : e.method === 'debit_card' ? '01' : e.installments > 1 ? '03' : '02';
    const single = e.installments <= 1;
    const line = new LineBuilder(760)
      .at(1, 'E').at(2, num(e.mid, 10)).at(12, '001').at(15, e.method === 'debit_card' ? '001' : '002')
      .at(18, single ? '00' : num(e.installment, 2)).at(20, single ? '00' : num(e.installments, 2))
      .at(22, e.authorizationCode.padStart(6, '0').slice(-6)).at(28, entryType)
      .at(152, sale ? '    ' : '0006')
      .at(166, e.cardBin).at(172, e.cardLast4).at(176, num(e.nsu, 6))
      .at(232, num(e.grossMinor === 0n ? 0 : (e.feeMinor * 10_000n) / e.grossMinor, 5))
      .signed(247, sign * e.saleTotalMinor).signed(261, lineGross).signed(275, lineNet).signed(289, -lineFee);
    for (let at = 303; at <= 457; at += 14) line.signed(at, 0n);
    line.at(471, e.time).at(566, ddmmyyyy(e.date)).at(574, ddmmyyyy(e.date)).at(582, ddmmyyyy(e.date)).at(630, ddmmyyyy(e.paymentDate));
    count++;
    net += lineNet;
    gross += lineGross;
    yield line.toString();
  }
  yield new LineBuilder(250)
    .at(1, '9').at(2, num(count, 11)).signed(13, net, 17).at(31, num(count, 11)).signed(42, gross, 17).signed(60, 0n, 17).signed(78, 0n, 17)
    .toString();
}
