import type { FixedLine } from './fields.ts';
import type { RecordKind, StatementRecord } from './statement-record.ts';

// The Cielo EDI v15 records the reader keeps (the parser: cielo-v15.ts; positions: /work/shared/product/edi/cielo-v15-layout.md).

/** E "tipo de lançamento" codes that are sales; every other code is an adjustment (cancellation, chargeback, rent…) */
const saleEntryTypes = new Set(['01', '02', '03', '42']);

const orNull = (value: string | null) => (value === null || /^0+$/.test(value) ? null : value);

function installmentsOf(line: FixedLine, field: string, start: number, end: number): number {
  const n = line.int(start, end, field);
  return n === 0 ? 1 : n;
}

export function entry(line: FixedLine): StatementRecord {
  const entryType = line.digits(28, 29, 'tipo de lançamento') ?? '';
  const kind: RecordKind = saleEntryTypes.has(entryType) ? 'sale' : 'adjustment';
  const gross = line.signed(261, 262, 274, 'valor bruto');
  const net = line.signed(275, 276, 288, 'valor líquido');
  const commission = line.signed(289, 290, 302, 'valor da comissão');
  // the sale's day as the platform saw it: the authorization date (a real CIELO04 line carries capture = authorization + 1)
  const authorizedOn = line.date(566, 573, 'DDMMAAAA', 'data de autorização da venda', true);
  const capturedOn = line.date(574, 581, 'DDMMAAAA', 'data de captura', kind === 'adjustment');
  const total = line.signed(247, 248, 260, 'valor total da venda');
  return {
    line: line.lineNo,
    kind,
    recordType: 'E',
    mid: line.digits(2, 11, 'estabelecimento submissor') ?? '',
    nsu: orNull(line.alpha(176, 181)),
    authorizationCode: orNull(line.alpha(22, 27)),
    captureDate: authorizedOn ?? capturedOn,
    paymentDate: line.date(630, 637, 'DDMMAAAA', 'data de vencimento original', true),
    installment: installmentsOf(line, 'parcela', 18, 19),
    installments: installmentsOf(line, 'número total de parcelas', 20, 21),
    grossMinor: gross,
    feeMinor: commission < 0n ? -commission : commission,
    netMinor: net,
    saleTotalMinor: total === 0n ? null : total,
    receivableUnitKey: line.alpha(30, 129),
    cardBin: orNull(line.alpha(166, 171)),
    cardLast4: orNull(line.alpha(172, 175)),
    code: kind === 'adjustment' ? (line.alpha(152, 155) ?? entryType) : entryType,
  };
}

export function agenda(line: FixedLine, paymentFile: boolean): StatementRecord {
  const fee = line.signed(86, 87, 99, 'valor da taxa administrativa');
  return {
    line: line.lineNo,
    kind: 'settlement',
    recordType: 'D',
    mid: line.digits(2, 11, 'estabelecimento submissor') ?? '',
    nsu: null,
    authorizationCode: null,
    captureDate: null,
    paymentDate: line.date(268, 275, 'DDMMAAAA', 'data de pagamento'),
    installment: null,
    installments: null,
    grossMinor: line.signed(72, 73, 85, 'valor bruto'),
    feeMinor: fee < 0n ? -fee : fee,
    netMinor: line.signed(100, 101, 113, 'valor líquido'),
    saleTotalMinor: null,
    receivableUnitKey: line.alpha(152, 251),
    cardBin: null,
    cardLast4: null,
    code: line.alpha(70, 71),
    // a D of the payment file (opção 04) was paid; in the agenda file (09) it is a forecast
    paid: paymentFile,
  };
}

export function pix(line: FixedLine): StatementRecord {
  const fee = line.signed(88, 89, 101, 'valor da taxa administrativa');
  return {
    line: line.lineNo,
    kind: 'sale',
    recordType: '8',
    mid: line.digits(2, 11, 'estabelecimento submissor') ?? '',
    nsu: orNull(line.alpha(62, 67)),
    authorizationCode: null,
    captureDate: line.date(14, 19, 'AAMMDD', 'data da transação'),
    paymentDate: line.date(68, 73, 'AAMMDD', 'data de pagamento', true),
    installment: 1,
    installments: 1,
    grossMinor: line.signed(74, 75, 87, 'valor bruto'),
    feeMinor: fee < 0n ? -fee : fee,
    netMinor: line.signed(102, 103, 115, 'valor líquido'),
    saleTotalMinor: null,
    receivableUnitKey: null,
    cardBin: null,
    cardLast4: null,
    code: line.alpha(12, 13),
  };
}
