import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './site';
import { buildApp } from './static-app';

/** Where one remote's releases are built and from where its live release is served. */
export interface RemoteReleases {
  /** The folder to serve (`<live>/dist` is a symlink a deploy swaps). */
  liveDir: string;
  /**
   * A team's checkout of the remote: its `src/` and `package.json`, from the working tree or from `commit`, built
   * with the repository's build setup (against the platform of that commit when `commit` is given).
   */
  checkOut(options?: { commit?: string }): string;
  /** Builds the checkout into releases/<name> and points the served folder at it (an atomic symlink swap). */
  releaseAndDeploy(name: string): void;
  /** Removes every file made. */
  remove(): void;
}

/** Extracts `paths` of `commit` (`git archive`) into `dir`. */
function extractFromGit(commit: string, paths: string[], dir: string): void {
  try {
    execFileSync('git', ['-C', repoRoot, 'cat-file', '-e', `${commit}^{commit}`]);
  } catch {
    throw new Error(`commit ${commit} is not in this clone (a shallow clone?): the previous release cannot be built`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['-C', repoRoot, 'archive', '--format=tar', commit, ...paths], {
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
}

/**
 * Releases of one remote (`mf-plans`…) built apart from the workspace and served from their own folder, the way its
 * team deploys it alone (docs/decisions/0015-production-deployment.md, docs/decisions/0021-remote-owned-strings.md).
 */
export function remoteReleases(remote: string, workDir: string): RemoteReleases {
  const sourceDir = path.join(workDir, remote);
  const liveDir = path.join(workDir, 'live');
  return {
    liveDir,
    checkOut({ commit } = {}) {
      fs.rmSync(sourceDir, { recursive: true, force: true });
      fs.mkdirSync(sourceDir, { recursive: true });
      let platformDir: string | undefined;
      let webpackConfig: string;
      if (commit) {
        const previous = path.join(workDir, `at-${commit}`);
        fs.rmSync(previous, { recursive: true, force: true });
        extractFromGit(commit, [remote, 'platform'], previous);
        fs.cpSync(path.join(previous, remote, 'src'), path.join(sourceDir, 'src'), { recursive: true });
        fs.copyFileSync(path.join(previous, remote, 'package.json'), path.join(sourceDir, 'package.json'));
        webpackConfig = fs.readFileSync(path.join(previous, remote, 'webpack.config.js'), 'utf8');
        platformDir = path.join(previous, 'platform');
      } else {
        const original = path.join(repoRoot, remote);
        fs.cpSync(path.join(original, 'src'), path.join(sourceDir, 'src'), { recursive: true });
        fs.copyFileSync(path.join(original, 'package.json'), path.join(sourceDir, 'package.json'));
        webpackConfig = fs.readFileSync(path.join(original, 'webpack.config.js'), 'utf8');
      }
      fs.writeFileSync(
        path.join(sourceDir, 'webpack.config.js'),
        webpackConfig
          .replace(
            "require('../build/webpack-app')",
            `require(${JSON.stringify(path.join(repoRoot, 'build', 'webpack-app'))})`,
          )
          .replace(
            'createAppConfig({',
            platformDir ? `createAppConfig({ platformDir: ${JSON.stringify(platformDir)},` : 'createAppConfig({',
          ),
      );
      fs.writeFileSync(
        path.join(sourceDir, 'tsconfig.json'),
        JSON.stringify({
          extends: path.join(repoRoot, 'tsconfig.base.json'),
          include: ['src', path.join(repoRoot, 'types')],
        }),
      );
      return sourceDir;
    },
    releaseAndDeploy(name) {
      buildApp(sourceDir);
      const release = path.join(workDir, 'releases', name);
      fs.mkdirSync(path.dirname(release), { recursive: true });
      fs.rmSync(release, { recursive: true, force: true });
      fs.renameSync(path.join(sourceDir, 'dist'), release);
      fs.mkdirSync(liveDir, { recursive: true });
      const next = path.join(liveDir, `dist.${name}`);
      fs.symlinkSync(release, next);
      fs.renameSync(next, path.join(liveDir, 'dist'));
    },
    remove() {
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
