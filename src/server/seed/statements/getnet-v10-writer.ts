import { ddmmyyyy, LineBuilder, num, type FileHeader, type StatementEntry } from './statement-entry.ts';

/**
 * Writes a Getnet V10.1 file (header, per capture day and installment an RV (type 1) then its CVs (type 2),
 * adjustments (type 3), trailer) in the positions the reader (src/server/reconciliation/readers/getnet-v10.ts)
 * documents. The entries are grouped in memory per RV: a writer for test and demo files, not for millions.
 * `indicator` PF: the RVs forecast payments (a sales file); PG: they were paid on each entry's `paymentDate`.
 */
export function* writeGetnetV10(header: FileHeader, entries: Iterable<StatementEntry>, time = '060000', indicator: 'PF' | 'PG' = 'PF'): Generator<string> {
  yield new LineBuilder(400)
    .at(1, '0').at(2, ddmmyyyy(header.generatedOn)).at(10, time).at(16, ddmmyyyy(header.periodEnd)).at(24, 'CEADM100')
    .at(32, header.headMid).at(47, '10440482000154').at(61, 'GETNET S.A.').at(81, num(header.sequence, 9)).at(90, 'GS')
    .at(92, 'SANT. V.10.1 400 BYTES')
    .toString();
  let lines = 1;
  const groups = new Map<string, StatementEntry[]>();
  const adjustments: StatementEntry[] = [];
  for (const e of entries) {
    if (e.kind === 'adjustment') {
      adjustments.push(e);
      continue;
    }
    const key = `${e.mid}|${e.date}|${e.installment}|${e.paymentDate}`;
    const group = groups.get(key) ?? [];
    group.push(e);
    groups.set(key, group);
  }
  let rv = 0;
  for (const group of groups.values()) {
    rv++;
    const first = group[0] as StatementEntry;
    const gross = group.reduce((s, e) => s + e.grossMinor, 0n);
    const fee = group.reduce((s, e) => s + e.feeMinor, 0n);
    yield new LineBuilder(400)
      .at(1, '1').at(2, first.mid).at(17, first.method === 'debit_card' ? 'SE' : 'SV').at(19, 'POS').at(22, num(rv, 9))
      .at(31, ddmmyyyy(first.date)).at(39, ddmmyyyy(first.paymentDate)).at(47, '033').at(50, '003689').at(56, num(0, 11))
      .at(67, num(group.length, 9)).at(76, num(0, 9)).at(85, num(gross, 12)).at(97, num(gross - fee, 12)).at(109, num(0, 12))
      .at(121, num(fee, 12)).at(133, num(0, 12)).at(145, num(gross - fee, 12)).at(157, num(0, 12)).at(169, indicator)
      .at(171, num(first.installment, 2)).at(173, num(first.installments, 2)).at(175, first.mid).at(190, num(0, 15))
      .at(205, num(0, 8)).at(213, num(0, 12)).at(225, num(0, 12)).at(237, num(0, 18)).at(255, num(0, 12)).at(267, num(0, 15))
      .at(282, '986').at(286, '+').at(287, 'CC').at(289, num(0, 20))
      .toString();
    lines++;
    for (const e of group) {
      yield new LineBuilder(400)
        .at(1, '2').at(2, e.mid).at(17, num(rv, 9)).at(26, num(e.nsu, 12)).at(38, ddmmyyyy(e.date)).at(46, e.time)
        .at(52, `${e.cardBin}******${e.cardLast4}`).at(71, num(e.saleTotalMinor, 12)).at(83, num(0, 12)).at(95, num(0, 12))
        .at(107, num(e.installments, 2)).at(109, num(e.installment, 2)).at(111, num(e.grossMinor, 12)).at(123, ddmmyyyy(e.paymentDate))
        .at(131, e.authorizationCode.padStart(10, '0')).at(141, 'POS').at(144, 'C').at(145, e.mid).at(160, 'T0000001').at(168, '986')
        .at(171, 'N').at(172, '+').at(176, num(e.feeMinor, 12))
        .toString();
      lines++;
    }
  }
  let id = 0;
  for (const e of adjustments) {
    id++;
    yield new LineBuilder(400)
      .at(1, '3').at(2, e.mid).at(17, num(0, 9)).at(26, ddmmyyyy(header.periodEnd)).at(34, ddmmyyyy(e.paymentDate))
      .at(42, num(id, 15)).at(63, '-').at(64, num(e.grossMinor, 12)).at(76, '03').at(78, num(0, 8))
      .at(86, `${e.cardBin}******${e.cardLast4}`).at(105, num(0, 9)).at(114, num(e.nsu, 12)).at(126, ddmmyyyy(e.date))
      .at(134, 'LQ').at(152, '986').at(155, num(0, 12))
      .toString();
    lines++;
  }
  yield new LineBuilder(400).at(1, '9').at(2, num(lines + 1, 9)).toString();
}
