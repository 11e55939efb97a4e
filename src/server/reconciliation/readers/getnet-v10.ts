import { checkLength, FixedLine } from './fields.ts';
import { adjustment, anticipation, sale, summary } from './getnet-v10-records.ts';
import { FileFrame } from './file-frame.ts';
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

class GetnetParser implements LayoutParser {
  private facts: StatementFacts = {
    layout: 'getnet-v10', acquirer: 'getnet', generatedOn: null, periodStart: null, periodEnd: null, headMid: null, sequence: null, fileKind: null,
    // one file per day with every movement (MAN p. 9), payments (RV PG/LQ) included
    coversPayments: true,
  };
  private frame = new FileFrame();
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
    this.frame.place(line, type);
    if (!checkLength(line, type, 400, 400, 401)) {
      this.rvs.taint();
      return null;
    }
    let record: StatementRecord | null = null;
    switch (type) {
      case '0':
        this.frame.header(line);
        this.header(line);
        return null;
      case '9':
        this.rvs.close(report);
        this.frame.trailer(line);
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
    if (this.frame.close(lastLine, report) && this.trailerCount !== lastLine) {
      report({ line: this.frame.trailerAt, field: 'quantidade de registros', reason: `trailer says ${this.trailerCount} records (header and trailer included), the file has ${lastLine}` });
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
