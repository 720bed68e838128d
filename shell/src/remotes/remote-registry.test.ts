import { releaseEntry } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

describe('releaseEntry', () => {
  const release = { version: '3f2a9c0d1e4b', path: 'releases/3f2a9c0d1e4b/' };

  it("is the release's remoteEntry.js under the remote's address", () => {
    expect(releaseEntry('http://host:8081/remoteEntry.js', release)).toBe(
      'http://host:8081/releases/3f2a9c0d1e4b/remoteEntry.js',
    );
  });

  it('keeps the gateway path of a remote and takes a relative entry on the page origin', () => {
    expect(releaseEntry('/remotes/mf_store/remoteEntry.js', release)).toBe(
      `${window.location.origin}/remotes/mf_store/releases/3f2a9c0d1e4b/remoteEntry.js`,
    );
  });

  it('replaces the release a pinned live entry names, instead of nesting under it', () => {
    expect(releaseEntry('https://cdn.example/mf_store/releases/0123456789ab/remoteEntry.js', release)).toBe(
      'https://cdn.example/mf_store/releases/3f2a9c0d1e4b/remoteEntry.js',
    );
  });

  it("is the remote's own entry for a release in its own folder (npm run dev)", () => {
    expect(releaseEntry('http://host:8081/remoteEntry.js', { version: 'aaaaaaaaaaaa', path: '' })).toBe(
      'http://host:8081/remoteEntry.js',
    );
  });
});
