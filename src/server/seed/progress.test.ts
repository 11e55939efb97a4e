import { describe, expect, it } from 'vitest';
import { formatDuration, groupDigits, progressReporter, renderProgress } from './progress.ts';

describe('seed progress output', () => {
  it('renders percentage, rows done/total, rate and ETA', () => {
    expect(groupDigits(1234567)).toBe('1 234 567');
    expect(formatDuration(3725)).toBe('1h 02m');
    expect(formatDuration(75)).toBe('1m 15s');
    expect(renderProgress({ done: 250_000, total: 1_000_000, rows: 1_000_000, elapsedSeconds: 100 }, 8)).toBe(
      '[##......]  25.0%  250 000/1 000 000 summaries  10 000 rows/s  ETA 5m 00s',
    );
  });

  it('prints plain periodic lines when the stream is not a terminal', () => {
    const written: string[] = [];
    let clock = 0;
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const progress = progressReporter(stream, () => clock);
    progress.update(0, 100, 0);
    clock = 1000;
    progress.update(10, 100, 40); // too soon after the last line
    clock = 6000;
    progress.update(50, 100, 200);
    progress.update(100, 100, 400); // completion always prints
    expect(written).toHaveLength(3);
    expect(written.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true);
    expect(written[2]).toContain('100 /100 summaries'.replace(' /', '/'));
  });
});
