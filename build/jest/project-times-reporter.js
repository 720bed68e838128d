/**
 * Jest reporter, beside the default one: at the end of a run, one line per project (api, web, idp, e2e) with its wall
 * time (from its first test file's start to its last one's end, in seconds, files running in parallel overlapping),
 * the number of its files and the sum of their own times, then its three slowest files. CI's log thus says where its
 * time goes (docs/decisions/0067-ci-wall-time.md), with nothing run a second time.
 */
class ProjectTimesReporter {
  onRunComplete(_contexts, results) {
    /** @type {Map<string, { start: number, end: number, files: { path: string, seconds: number }[] }>} */
    const projects = new Map();
    for (const file of results.testResults) {
      const { start, end } = file.perfStats ?? {};
      if (!start || !end) continue;
      const name = file.displayName?.name ?? 'jest';
      const project = projects.get(name) ?? { start, end, files: [] };
      project.start = Math.min(project.start, start);
      project.end = Math.max(project.end, end);
      project.files.push({ path: file.testFilePath.replace(`${process.cwd()}/`, ''), seconds: (end - start) / 1000 });
      projects.set(name, project);
    }
    const lines = ['Wall time by project:'];
    for (const [name, { start, end, files }] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
      const sum = files.reduce((total, file) => total + file.seconds, 0);
      const slowest = files
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 3)
        .map((file) => `${file.path} ${file.seconds.toFixed(1)} s`)
        .join(', ');
      lines.push(
        `  ${name}: ${((end - start) / 1000).toFixed(1)} s wall, ${files.length} files, ${sum.toFixed(1)} s summed; slowest: ${slowest}`,
      );
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}

module.exports = ProjectTimesReporter;
