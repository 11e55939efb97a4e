import { checkLength, FixedLine, padded } from './fields.ts';
import { agenda, entry, pix } from './cielo-v15-records.ts';
import { FileFrame } from './file-frame.ts';
import { GroupTotals } from './group-totals.ts';
import type { Layout, LayoutParser, LineProblem, StatementFacts, StatementRecord } from './statement-record.ts';

/**
 * Cielo "Extrato Eletrônico" v15 (positional, one record per line, type in column 1). Positions from
 * /work/shared/product/edi/cielo-v15-layout.md (Cielo's developer site tables for v14/v15 release notes and the
 * public readers cited there). Records: 0 header, D UR agenda, E entry detail, 8 Pix, A/B/C negotiation, R
 * reserve, 9 trailer. Real E lines arrive with trailing blanks trimmed (722 of 760): tolerated.
 */
const lengths: Record<string, { length: number; min: number }> = {
  '0': { length: 250, min: 250 },
  D: { length: 400, min: 319 },
  E: { length: 760, min: 722 },
  '8': { length: 400, min: 250 },
  A: { length: 250, min: 91 },
  B: { length: 250, min: 140 },
  C: { length: 250, min: 44 },
  R: { length: 250, min: 170 },
  '9': { length: 250, min: 95 },
};

class CieloParser implements LayoutParser {
  private facts: StatementFacts = {
    layout: 'cielo-v15', acquirer: 'cielo', generatedOn: null, periodStart: null, periodEnd: null, headMid: null, sequence: null, fileKind: null, coversPayments: false,
  };
  private frame = new FileFrame();
  private details = 0;
  private entries = 0;
  private grossSum = 0n;
  private netSum = 0n;
  private trailer: { details: number; entries: number; net: bigint; gross: bigint } | null = null;
  /** payment file (04): each D's count and amounts against the E lines that follow it */
  private units = new GroupTotals({ summary: 'D', detail: 'E', count: 'quantidade de lançamentos', gross: 'valor bruto', fee: 'valor da taxa administrativa', net: 'valor líquido' });

  line(text: string, lineNo: number, report: (problem: LineProblem) => void): StatementRecord | null {
    const type = text.slice(0, 1);
    const spec = lengths[type];
    const line0 = new FixedLine(text, lineNo, report);
    if (spec === undefined) {
      line0.fail('tipo de registro', `unknown record type "${type}"`);
      return null;
    }
    this.frame.place(line0, type);
    if (!checkLength(line0, type, spec.length, spec.min)) {
      this.units.taint();
      return null;
    }
    const line = new FixedLine(padded(text, spec.length), lineNo, report);
    switch (type) {
      case '0':
        this.frame.header(line);
        this.header(line);
        return null;
      case '9':
        this.units.close(report);
        this.frame.trailer(line);
        this.trailer = {
          details: line.int(2, 12, 'total de registros'),
          net: line.signed(13, 14, 30, 'valor líquido (soma)'),
          entries: line.int(31, 41, 'quantidade de CVs'),
          gross: line.signed(42, 43, 59, 'valor bruto (soma)'),
        };
        return null;
    }
    this.details++;
    let record: StatementRecord | null = null;
    if (type === 'E') record = entry(line);
    else if (type === 'D') record = agenda(line, this.facts.fileKind === '04');
    else if (type === '8') record = pix(line);
    if (this.facts.fileKind === '04') this.unitLine(type, line, report);
    if (record !== null && (type === 'E' || type === '8')) {
      this.entries++;
      this.grossSum += record.grossMinor;
      this.netSum += record.netMinor;
    }
    return line.problems === 0 ? record : null;
  }

  /** a D opens a unit (its amounts signed as written); an E adds to it (commission signed, as the D's fee) */
  private unitLine(type: string, line: FixedLine, report: (problem: LineProblem) => void): void {
    const quiet = new FixedLine(line.text, line.lineNo, () => undefined);
    if (type === 'D') {
      const count = line.int(144, 149, 'quantidade de lançamentos');
      const said = { count, gross: quiet.signed(72, 73, 85, ''), fee: quiet.signed(86, 87, 99, ''), net: quiet.signed(100, 101, 113, '') };
      this.units.start(line.lineNo, line.problems === 0 ? said : null, report);
    } else if (type === 'E' && line.problems > 0) {
      this.units.taint();
    } else if (type === 'E') {
      this.units.add(line.lineNo, quiet.signed(261, 262, 274, ''), quiet.signed(289, 290, 302, ''), quiet.signed(275, 276, 288, ''));
    } else {
      this.units.close(report);
    }
  }

  private header(line: FixedLine): void {
    if (line.raw(43, 47) !== 'CIELO') line.fail('empresa adquirente', `positions 43-47 must be "CIELO", found "${line.raw(43, 47)}"`);
    const version = line.raw(71, 73);
    if (version !== '015') line.fail('versão do layout', `positions 71-73 must be "015" (layout v15), found "${version}"`);
    this.facts.headMid = line.digits(2, 11, 'estabelecimento matriz');
    this.facts.generatedOn = line.date(12, 19, 'AAAAMMDD', 'data de processamento');
    this.facts.periodStart = line.date(20, 27, 'AAAAMMDD', 'período inicial');
    this.facts.periodEnd = line.date(28, 35, 'AAAAMMDD', 'período final');
    this.facts.sequence = line.digits(36, 42, 'sequência');
    this.facts.fileKind = line.digits(48, 49, 'opção de extrato');
    this.facts.coversPayments = this.facts.fileKind === '04';
  }

  finish(lastLine: number, report: (problem: LineProblem) => void): StatementFacts {
    this.units.close(report);
    const t = this.trailer;
    if (!this.frame.close(lastLine, report) || t === null) return this.facts;
    const at = this.frame.trailerAt;
    if (t.details !== this.details) report({ line: at, field: 'total de registros', reason: `trailer says ${t.details} records, the file has ${this.details}` });
    if (t.entries !== this.entries) report({ line: at, field: 'quantidade de CVs', reason: `trailer says ${t.entries} entries (E/8), the file has ${this.entries}` });
    if (t.net !== this.netSum) report({ line: at, field: 'valor líquido (soma)', reason: `trailer says ${t.net} centavos, the entries add up to ${this.netSum}` });
    if (t.gross !== this.grossSum) report({ line: at, field: 'valor bruto (soma)', reason: `trailer says ${t.gross} centavos, the entries add up to ${this.grossSum}` });
    return this.facts;
  }
}

export const cieloV15: Layout = {
  id: 'cielo-v15',
  acquirer: 'cielo',
  detect: (firstLine) => firstLine.startsWith('0') && firstLine.slice(42, 47) === 'CIELO',
  parser: () => new CieloParser(),
};
