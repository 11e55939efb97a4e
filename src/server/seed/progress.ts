/** Progress output for the seed CLI: a redrawn bar on a TTY, plain periodic lines otherwise. */

export function groupDigits(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : m > 0 ? `${m}m ${String(rest).padStart(2, '0')}s` : `${rest}s`;
}

export interface ProgressLine {
  done: number;
  total: number;
  rows: number;
  elapsedSeconds: number;
}

/** "[#######.............]  35.0%  350 000/1 000 000 summaries  12 400 rows/s  ETA 2m 10s" */
export function renderProgress({ done, total, rows, elapsedSeconds }: ProgressLine, width = 24): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  const rate = elapsedSeconds > 0 ? rows / elapsedSeconds : 0;
  const eta = done > 0 ? (elapsedSeconds / done) * (total - done) : Number.NaN;
  return (
    `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(1).padStart(5)}%  ` +
    `${groupDigits(done)}/${groupDigits(total)} summaries  ${groupDigits(rate)} rows/s  ETA ${formatDuration(eta)}`
  );
}

export interface ProgressReporter {
  update(done: number, total: number, rows: number): void;
  note(message: string): void;
  finish(): void;
}

export function progressReporter(stream: NodeJS.WriteStream, now: () => number = () => performance.now()): ProgressReporter {
  const started = now();
  const tty = stream.isTTY;
  let lastPrint = -Infinity;
  let drawn = false;
  const clear = () => {
    if (tty && drawn) stream.write('\r\x1b[2K');
    drawn = false;
  };
  return {
    update(done, total, rows) {
      const t = now();
      const complete = done >= total;
      if (!complete && t - lastPrint < (tty ? 200 : 5000)) return;
      lastPrint = t;
      const line = renderProgress({ done, total, rows, elapsedSeconds: (t - started) / 1000 });
      if (tty) {
        stream.write(`\r\x1b[2K${line}`);
        drawn = true;
      } else {
        stream.write(`${line}\n`);
      }
    },
    note(message) {
      clear();
      stream.write(`${message}\n`);
    },
    finish() {
      if (tty && drawn) stream.write('\n');
      drawn = false;
    },
  };
}
