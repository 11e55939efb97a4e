import { ddmmyyyy, digitsOf, LineBuilder, num, type FileHeader, type StatementEntry } from './statement-entry.ts';

/** One payment (a Cielo `D`, a unit paid on one day) and the installments it paid. */
export interface StatementPayment {
  mid: string;
  /** YYYY-MM-DD: the day the money was paid */
  paymentDate: string;
  entries: StatementEntry[];
}

const headerLine = (header: FileHeader, option: '03' | '04') =>
  new LineBuilder(250)
    .at(1, '0').at(2, num(header.headMid, 10)).at(12, digitsOf(header.generatedOn)).at(20, digitsOf(header.periodStart))
    .at(28, digitsOf(header.periodEnd)).at(36, num(header.sequence, 7)).at(43, `CIELO${option}`).at(50, 'I').at(71, '015')
    .toString();

/** An `E` line; `ur` = the Chave da UR of the `D` it belongs to (blank in a sales file). */
function entryLine(e: StatementEntry, ur = ''): { text: string; gross: bigint; net: bigint } {
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
    .at(22, e.authorizationCode.padStart(6, '0').slice(-6)).at(28, entryType).at(30, ur)
    .at(152, sale ? '    ' : '0006')
    .at(166, e.cardBin).at(172, e.cardLast4).at(176, num(e.nsu, 6))
    .at(232, num(e.grossMinor === 0n ? 0 : (e.feeMinor * 10_000n) / e.grossMinor, 5))
    .signed(247, sign * e.saleTotalMinor).signed(261, lineGross).signed(275, lineNet).signed(289, -lineFee);
  for (let at = 303; at <= 457; at += 14) line.signed(at, 0n);
  line.at(471, e.time).at(566, ddmmyyyy(e.date)).at(574, ddmmyyyy(e.date)).at(582, ddmmyyyy(e.date)).at(630, ddmmyyyy(e.paymentDate));
  return { text: line.toString(), gross: lineGross, net: lineNet };
}

const trailerLine = (details: number, entries: number, net: bigint, gross: bigint) =>
  new LineBuilder(250)
    .at(1, '9').at(2, num(details, 11)).signed(13, net, 17).at(31, num(entries, 11)).signed(42, gross, 17).signed(60, 0n, 17).signed(78, 0n, 17)
    .toString();

/**
 * Writes a Cielo EDI v15 sales file (CIELO03: header, one E per installment or adjustment, trailer) in the
 * positions the reader (src/server/reconciliation/readers/cielo-v15.ts) documents. Lines are yielded one at a time.
 */
export function* writeCieloV15(header: FileHeader, entries: Iterable<StatementEntry>): Generator<string> {
  yield headerLine(header, '03');
  let count = 0;
  let net = 0n;
  let gross = 0n;
  for (const e of entries) {
    const line = entryLine(e);
    count++;
    net += line.net;
    gross += line.gross;
    yield line.text;
  }
  yield trailerLine(count, count, net, gross);
}

/**
 * Writes a Cielo EDI v15 payment file (CIELO04: header, per payment a `D` with the unit's totals and its payment
 * day, then the `E` of each installment it paid, the UR key linking them; trailer). The D's amounts are the sums of
 * its E lines; an E's *data de vencimento original* is its entry's `paymentDate` (the day it was due).
 */
export function* writeCieloV15Payments(header: FileHeader, payments: Iterable<StatementPayment>): Generator<string> {
  yield headerLine(header, '04');
  let details = 0;
  let entries = 0;
  let net = 0n;
  let gross = 0n;
  let unit = 0;
  for (const p of payments) {
    unit++;
    const ur = `UR${num(p.mid, 10)}${digitsOf(p.paymentDate)}${num(unit, 6)}`;
    const lines = p.entries.map((e) => entryLine(e, ur));
    const fee = p.entries.reduce((s, e) => s + (e.kind === 'sale' ? e.feeMinor : -e.feeMinor), 0n);
    const unitGross = lines.reduce((s, l) => s + l.gross, 0n);
    const unitNet = lines.reduce((s, l) => s + l.net, 0n);
    const first = p.entries[0];
    yield new LineBuilder(400)
      .at(1, 'D').at(2, num(p.mid, 10)).at(54, '002').at(57, first?.method === 'debit_card' ? '001' : '002').at(70, '03')
      .signed(72, unitGross).signed(86, -fee).signed(100, unitNet).at(114, '0341').at(118, '86390').at(123, num(0, 20)).at(143, '0')
      .at(144, num(lines.length, 6)).at(150, first?.method === 'debit_card' ? '01' : '02').at(152, ur).at(252, num(0, 16))
      .at(268, ddmmyyyy(p.paymentDate)).at(276, ddmmyyyy(p.paymentDate)).at(284, ddmmyyyy(first?.paymentDate ?? p.paymentDate))
      .at(292, num(p.mid, 10)).at(302, 'NNN').at(305, num(0, 14))
      .toString();
    details++;
    for (const line of lines) {
      details++;
      entries++;
      net += line.net;
      gross += line.gross;
      yield line.text;
    }
  }
  yield trailerLine(details, entries, net, gross);
}
