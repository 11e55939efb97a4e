import { checkLength, FixedLine } from './fields.ts';
import { GroupTotals } from './group-totals.ts';
import type { Layout, LayoutParser, LineProblem, StatementFacts, StatementRecord } from './statement-record.ts';

/**
 * Getnet "Extrato Eletrônico" V10.0/V10.1 (400-byte records, type in column 1). Positions from
 * /work/shared/product/edi/getnet-v10-layout.md (Getnet's manual V10.0 as transcribed there, cross-checked with
 * the public readers it cites). Records: 0 header, 1 resumo de vendas (RV), 2 comprovante de venda (CV),
 * 3 ajuste financeiro, 4 antecipação, 5 negociação, 6 UR of a negociação, 9 trailer. Lines of 401 characters
 * (a trailing blank, seen in real V10.1 files) are accepted.
 */
const recordTypes = new Set(['0', '1', '2', '3', '4', '5', '6', '9']);

const orNull = (value: string | null) => (value === null || /^0+$/.test(value) ? null : value);

function signOf(line: FixedLine, at: number, field: string): 1n | -1n {
  const sign = line.raw(at, at);
  if (sign === '-') return -1n;
  if (sign !== '+') line.fail(field, `position ${at} must be "+" or "-", found "${sign}"`);
  return 1n;
}

/** RV payment indicators that say the money moved (PF is a forecast; LQ is seen in real V10.1 files) */
const paidIndicators = new Set(['PG', 'LQ', 'AC']);

function summary(line: FixedLine): StatementRecord {
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

function sale(line: FixedLine): StatementRecord {
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

function adjustment(line: FixedLine): StatementRecord {
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

function anticipation(line: FixedLine): StatementRecord {
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

class GetnetParser implements LayoutParser {
  private facts: StatementFacts = {
    layout: 'getnet-v10', acquirer: 'getnet', generatedOn: null, periodStart: null, periodEnd: null, headMid: null, sequence: null, fileKind: null,
    // one file per day with every movement (MAN p. 9), payments (RV PG/LQ) included
    coversPayments: true,
  };
  private headerSeen = false;
  private trailerAt = 0;
  private trailerCount = -1;
  /** each RV's accepted CVs and amounts against the CVs that follow it and carry its number (rvNumber) */
  private rvNumber: string | null = null;
  private rvs = new GroupTotals({ summary: 'RV', detail: 'CV', count: 'nº de CVs aceitos', gross: 'valor bruto', fee: 'valor da taxa de desconto', net: 'valor líquido', detailsOptional: true });

  line(text: string, lineNo: number, report: (problem: LineProblem) => void): StatementRecord | null {
    const line = new FixedLine(text, lineNo, report);
    const type = text.slice(0, 1);
    if (!recordTypes.has(type)) {
      line.fail('tipo de registro', `unknown record type "${type}"`);
      return null;
    }
    if (this.trailerAt !== 0) line.fail('tipo de registro', `record after the trailer (line ${this.trailerAt})`);
    if (lineNo === 1 && type !== '0') line.fail('tipo de registro', 'the first line must be the header (type 0)');
    if (!checkLength(line, type, 400, 400, 401)) {
      this.rvs.taint();
      return null;
    }
    let record: StatementRecord | null = null;
    switch (type) {
      case '0':
        if (lineNo !== 1) line.fail('tipo de registro', 'a header (type 0) in the middle of the file');
        this.header(line);
        return null;
      case '9':
        this.rvs.close(report);
        this.trailerAt = lineNo;
        this.trailerCount = line.int(2, 10, 'quantidade de registros');
        return null;
      case '1':
        record = summary(line);
        break;
      case '2':
        record = sale(line);
        break;
      case '3':
        record = adjustment(line);
        break;
      case '4':
        record = anticipation(line);
        break;
      default:
        line.alpha(2, 16); // 5 and 6 (cessão/gravame and its URs): checked for length, not reconciled
    }
    this.rvLine(type, line, record, report);
    return line.problems === 0 ? record : null;
  }

  /** an RV opens a group (CVs aceitos, bruto, taxa de desconto, líquido with its sign); an accepted CV of that RV adds to it */
  private rvLine(type: string, line: FixedLine, record: StatementRecord | null, report: (problem: LineProblem) => void): void {
    if (type === '1') {
      const quiet = new FixedLine(line.text, line.lineNo, () => undefined);
      const said = { count: quiet.int(67, 75, ''), gross: quiet.amount(85, 96, ''), fee: quiet.amount(121, 132, ''), net: record?.netMinor ?? 0n };
      this.rvNumber = line.raw(22, 30);
      this.rvs.start(line.lineNo, line.problems === 0 && /^\d{9}$/.test(line.raw(67, 75)) ? said : null, report);
    } else if (type === '2' && line.raw(17, 25) !== this.rvNumber) {
      // a CV of another RV (not in this file's summaries): nothing to check it against
    } else if (type === '2' && line.problems > 0) {
      this.rvs.taint();
    } else if (type === '2' && record !== null && record.kind === 'sale') {
      this.rvs.add(line.lineNo, record.grossMinor, record.feeMinor, record.netMinor);
    } else if (type !== '2') {
      this.rvs.close(report);
    }
  }

  private header(line: FixedLine): void {
    this.headerSeen = true;
    if (line.raw(24, 31) !== 'CEADM100') line.fail('arquivo e versão', `positions 24-31 must be "CEADM100", found "${line.raw(24, 31)}"`);
    const version = line.raw(92, 116).trim().toUpperCase();
    if (version !== '' && !version.includes('V.10')) line.fail('versão do layout', `positions 92-116 must name layout V10, found "${version}"`);
    this.facts.generatedOn = line.date(2, 9, 'DDMMAAAA', 'data de criação');
    this.facts.periodStart = line.date(16, 23, 'DDMMAAAA', 'data de referência');
    this.facts.periodEnd = this.facts.periodStart;
    this.facts.headMid = line.alpha(32, 46);
    this.facts.sequence = line.digits(81, 89, 'sequência');
    this.facts.fileKind = line.alpha(24, 31);
  }

  finish(lastLine: number, report: (problem: LineProblem) => void): StatementFacts {
    this.rvs.close(report);
    if (!this.headerSeen) report({ line: 1, field: 'header', reason: 'the file has no header (type 0)' });
    if (this.trailerAt === 0 || this.trailerAt !== lastLine) {
      report({ line: lastLine, field: 'trailer', reason: this.trailerAt === 0 ? 'the file has no trailer (type 9): truncated file?' : 'the trailer (type 9) must be the last line' });
    } else if (this.trailerCount !== lastLine) {
      report({ line: this.trailerAt, field: 'quantidade de registros', reason: `trailer says ${this.trailerCount} records (header and trailer included), the file has ${lastLine}` });
    }
    return this.facts;
  }
}

export const getnetV10: Layout = {
  id: 'getnet-v10',
  acquirer: 'getnet',
  detect: (firstLine) => firstLine.startsWith('0') && firstLine.slice(23, 31) === 'CEADM100',
  parser: () => new GetnetParser(),
};
