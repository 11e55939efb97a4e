/**
 * How loaded the machine was while a bench ran: the load average sampled every second, and every process's CPU
 * (/proc/<pid>/stat) between a start and an end snapshot, so a report can say which other work shared the cores.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

interface ProcessCpu {
  command: string;
  seconds: number;
}

/** user + system CPU seconds of every process now, by pid (clock ticks of 1/100 s). */
function processSnapshot(): Map<number, ProcessCpu> {
  const snapshot = new Map<number, ProcessCpu>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      snapshot.set(Number(entry), { command: stat.slice(stat.indexOf('(') + 1, close), seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // gone between the listing and the read
    }
  }
  return snapshot;
}

/** A process's command line, shortened (node's script and arguments say more than "node"). */
function commandLine(pid: number, fallback: string): string {
  try {
    const text = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return (text || fallback).replace(/\/[^\s]*\/(node_modules|dist|src)\//g, '$1/').slice(0, 80);
  } catch {
    return fallback;
  }
}

export interface LoadSummary {
  /** 1-minute load average: lowest, highest and mean of the samples taken every second */
  loadMin: number;
  loadMax: number;
  loadMean: number;
  cores: number;
  wallSeconds: number;
  /** CPU seconds of processes other than the excluded ones (the bench, its servers, their database backends), per wall second */
  othersCores: number;
  /** the busiest other processes over the run */
  topOthers: { pid: number; command: string; cpuSeconds: number }[];
}

export class LoadMonitor {
  private readonly samples: number[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly first = processSnapshot();
  private readonly commands = new Map<number, string>();
  private readonly started = performance.now();

  constructor() {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  private sample(): void {
    this.samples.push(os.loadavg()[0] ?? 0);
    // a process that ends before the last snapshot would be lost: remember the command lines of the busy ones as we go
    for (const [pid] of processSnapshot()) if (!this.commands.has(pid)) this.commands.set(pid, commandLine(pid, ''));
  }

  /** Stops sampling; `excluded(pid)` says which processes are the bench's own (they are not "others"). */
  stop(excluded: (pid: number, command: string) => boolean): LoadSummary {
    clearInterval(this.timer);
    this.sample();
    const last = processSnapshot();
    const wallSeconds = (performance.now() - this.started) / 1000;
    const others: LoadSummary['topOthers'] = [];
    for (const [pid, now] of last) {
      const command = this.commands.get(pid) || commandLine(pid, now.command);
      if (excluded(pid, command)) continue;
      const cpuSeconds = now.seconds - (this.first.get(pid)?.seconds ?? 0);
      if (cpuSeconds > 0) others.push({ pid, command, cpuSeconds: Math.round(cpuSeconds * 100) / 100 });
    }
    others.sort((a, b) => b.cpuSeconds - a.cpuSeconds);
    const total = others.reduce((sum, p) => sum + p.cpuSeconds, 0);
    const r = (n: number) => Math.round(n * 100) / 100;
    return {
      loadMin: r(Math.min(...this.samples)),
      loadMax: r(Math.max(...this.samples)),
      loadMean: r(this.samples.reduce((a, b) => a + b, 0) / this.samples.length),
      cores: os.availableParallelism(),
      wallSeconds: r(wallSeconds),
      othersCores: r(total / Math.max(1, wallSeconds)),
      topOthers: others.slice(0, 6),
    };
  }
}
