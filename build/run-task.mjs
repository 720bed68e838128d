/**
 * The command runner of the build tasks (each package's `build` script is a wireit task, package.json "wireit"):
 *
 *   node ../build/run-task.mjs <command> [arguments…]
 *
 * runs `<command>` with its arguments (from the package's folder, node_modules/.bin on the PATH, as wireit gives it)
 * and exits with its status. With `LINKSITE_TASK_PROBE=1` in the environment it runs nothing and exits with
 * {@link TASK_PROBE_EXIT}: wireit starts a task's command only when the task is stale (an input's content changed,
 * or its output is missing or was changed by hand) and no cached output matches, so that exit tells
 * scripts/build.mjs that the task needs a build without building it (`isBuilt`). wireit has no query of its own for
 * this.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The exit status of a probe that reached the command: the task is stale (EX_TEMPFAIL of sysexits.h). */
export const TASK_PROBE_EXIT = 75;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('사용법: node build/run-task.mjs <명령> [인수…]');
    process.exit(2);
  }
  if (process.env.LINKSITE_TASK_PROBE === '1') process.exit(TASK_PROBE_EXIT);

  // Windows finds `webpack.cmd` and `tsc.cmd` of node_modules/.bin through its shell only.
  const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`${command} 을(를) 실행하지 못했습니다: ${error.message}`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}
