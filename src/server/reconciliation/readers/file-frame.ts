import type { FixedLine } from './fields.ts';
import type { LineProblem } from './statement-record.ts';

/**
 * The frame every positional layout shares: a header (type 0) on line 1 and nowhere else, a trailer (type 9) on
 * the last line and nothing after it. Each parser keeps one and asks it about every line, then once at the end.
 */
export class FileFrame {
  private headerSeen = false;
  /** the trailer's line number, 0 until one is read */
  trailerAt = 0;

  /** before a line's record is read: is it in its place (nothing after the trailer, the header first)? */
  place(line: FixedLine, type: string): void {
    if (this.trailerAt !== 0) line.fail('tipo de registro', `record after the trailer (line ${this.trailerAt})`);
    if (line.lineNo === 1 && type !== '0') line.fail('tipo de registro', 'the first line must be the header (type 0)');
  }

  header(line: FixedLine): void {
    if (line.lineNo !== 1) line.fail('tipo de registro', 'a header (type 0) in the middle of the file');
    this.headerSeen = true;
  }

  trailer(line: FixedLine): void {
    this.trailerAt = line.lineNo;
  }

  /** at the end of the file: a problem for a missing header or a missing or misplaced trailer; true when the trailer closes the file */
  close(lastLine: number, report: (problem: LineProblem) => void): boolean {
    if (!this.headerSeen) report({ line: 1, field: 'header', reason: 'the file has no header (type 0)' });
    if (this.trailerAt !== 0 && this.trailerAt === lastLine) return true;
    report({ line: lastLine, field: 'trailer', reason: this.trailerAt === 0 ? 'the file has no trailer (type 9): truncated file?' : 'the trailer (type 9) must be the last line' });
    return false;
  }
}
