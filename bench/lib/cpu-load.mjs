/**
 * A loaded machine for the benchmarks' `--load` runs (a phone, or a shared server, is one): one busy loop per core,
 * each a child process, stopped by the caller.
 *
 *   const load = startCpuLoad();  …  for (const child of load) child.kill();
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

/** @returns {import('node:child_process').ChildProcess[]} the busy loops, one per core */
export function startCpuLoad() {
  return Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}
