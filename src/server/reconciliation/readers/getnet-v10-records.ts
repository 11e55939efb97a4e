import type { FixedLine } from './fields.ts';
import type { StatementRecord } from './statement-record.ts';

// The Getnet V10 records the reader keeps (the parser: getnet-v10.ts; positions: /work/shared/product/edi/getnet-v10-layout.md).

const orNull = (value: string | null) => (value === null || /^0+$/.test(value) ? null : value);

function signOf(line: FixedLine, at: number, field: string): 1n | -1n {
  const sign = line.raw(at, at);
  if (sign === '-') return -1n;
  if (sign !== '+') line.fail(field, `position ${at} must be "+" or "-", found "${sign}"`);
  return 1n;
}

/** RV payment indicators that say the money moved (PF is a forecast; LQ is seen in real V10.1 files) */
const paidIndicators = new Set(['PG', 'LQ', 'AC']);

export function summary(line: FixedLine): StatementRecord {
  const sign = signOf(line, 286, 'sinal da transação');
  const gross = line.amount(85, 96, 'valor bruto');
  const indicator = line.alpha(169, 170);
  return {
    line: line.lineNo,
    kind: 'settlement',
    recordType: '1',
    mid: line.alpha(2, 16) ?? '',
    nsu: null,
    authorizationCode: null,
    captureDate: line.date(31, 38, 'DDMMAAAA', 'data do RV'),
    paymentDate: line.date(39, 46, 'DDMMAAAA', 'data do pagamento do RV'),
    installment: line.int(171, 172, 'número da parcela do RV'),
    installments: line.int(173, 174, 'quantidade de parcelas do RV'),
    grossMinor: gross,
    feeMinor: line.amount(121, 132, 'valor da taxa de desconto') + line.amount(109, 120, 'valor da tarifa'),
    netMinor: sign * line.amount(97, 108, 'valor líquido'),
    saleTotalMinor: null,
    receivableUnitKey: line.alpha(309, 333),
    cardBin: null,
    cardLast4: null,
    code: indicator,
    paid: indicator !== null && paidIndicators.has(indicator),
  };
}

export function sale(line: FixedLine): StatementRecord {
  const sign = signOf(line, 172, 'sinal da transação');
  const total = line.amount(71, 82, 'valor da transação');
  const installmentValue = line.amount(111, 122, 'valor da parcela');
  const fee = line.amount(176, 187, 'valor da comissão');
  const gross = sign * (installmentValue === 0n ? total : installmentValue);
  const card = line.alpha(52, 70) ?? '';
  const status = line.raw(144, 144);
  if (status !== 'C' && status !== 'X') line.fail('status da transação', `position 144 must be "C" (aprovada) or "X" (cancelada), found "${status}"`);
  return {
    line: line.lineNo,
    kind: status === 'X' ? 'adjustment' : 'sale',
    recordType: '2',
    mid: line.alpha(2, 16) ?? '',
    nsu: orNull(line.digits(26, 37, 'NSU')),
    authorizationCode: line.alpha(131, 140),
    captureDate: line.date(38, 45, 'DDMMAAAA', 'data da transação'),
    paymentDate: line.date(123, 130, 'DDMMAAAA', 'data do pagamento', true),
    installment: Math.max(1, line.int(109, 110, 'parcela')),
    installments: Math.max(1, line.int(107, 108, 'número de parcelas')),
    grossMinor: gross,
    feeMinor: fee,
    netMinor: gross - sign * fee,
    saleTotalMinor: sign * total,
    receivableUnitKey: null,
    cardBin: /^\d{6}/.test(card) ? card.slice(0, 6) : null,
    cardLast4: /\d{4}$/.test(card) ? card.slice(-4) : null,
    code: status,
  };
}

export function adjustment(line: FixedLine): StatementRecord {
  const sign = signOf(line, 63, 'sinal do ajuste');
  const value = sign * line.amount(64, 75, 'valor do ajuste');
  return {
    line: line.lineNo,
    kind: 'adjustment',
    recordType: '3',
    mid: line.alpha(2, 16) ?? '',
    nsu: orNull(line.alpha(114, 125)),
    authorizationCode: null,
    captureDate: line.date(126, 133, 'DDMMAAAA', 'data da transação original', true),
    paymentDate: line.date(34, 41, 'DDMMAAAA', 'data do pagamento do RV'),
    installment: null,
    installments: null,
    grossMinor: value,
    feeMinor: 0n,
    netMinor: value,
    saleTotalMinor: null,
    receivableUnitKey: null,
    cardBin: null,
    cardLast4: null,
    code: line.alpha(76, 77),
  };
}

export function anticipation(line: FixedLine): StatementRecord {
  return {
    line: line.lineNo,
    kind: 'anticipation',
    recordType: '4',
    mid: line.alpha(2, 16) ?? '',
    nsu: null,
    authorizationCode: null,
    captureDate: line.date(17, 24, 'DDMMAAAA', 'data da operação'),
    paymentDate: line.date(25, 32, 'DDMMAAAA', 'data do crédito'),
    installment: null,
    installments: null,
    grossMinor: line.amount(48, 59, 'valor bruto da antecipação'),
    feeMinor: line.amount(60, 71, 'valor da taxa de antecipação'),
    netMinor: line.amount(72, 83, 'valor líquido da antecipação'),
    saleTotalMinor: null,
    receivableUnitKey: null,
    cardBin: null,
    cardLast4: null,
    code: line.alpha(33, 47),
  };
}
