/** `BENCH_CPU_PROF=<dir>`: the server and worker processes a bench starts write V8 CPU profiles there (open in Chrome DevTools). */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
