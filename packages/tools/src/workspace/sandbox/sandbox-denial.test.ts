import { sandboxDenial } from './sandbox-denial';

const layout = {
  workspace: '/work/ws',
  readOnly: ['/work/ws/.git/hooks', '/work/ws/.git/config', '/work/ws/.agent'],
  hidden: [
    { path: '/home/me/.ssh', directory: true },
    { path: '/home/me/.netrc', directory: false },
  ],
  sockets: { folders: ['/run'], files: [], allowed: [], readable: [] },
  network: false,
  userNamespace: true,
};

describe('sandboxDenial (what the sandbox blocked, read from a failed command)', () => {
  it('names writes outside the workspace as tools print them', () => {
    const outputs = [
      "touch: cannot touch '/etc/x': Read-only file system",
      'touch: cannot touch ‘/etc/x’: Read-only file system',
      "Error: EROFS: read-only file system, open '/etc/x'",
      "OSError: [Errno 30] Read-only file system: '/etc/x'",
      'bash: line 1: /etc/x: Read-only file system',
    ];
    for (const output of outputs) {
      expect(sandboxDenial(output, layout)?.blocked).toBe(
        'writing /etc/x (outside the workspace, read-only in the sandbox)',
      );
    }
  });

  it('names writes to the protected entries, relative or absolute, apart from other refusals', () => {
    for (const output of [
      "touch: cannot touch '.git/hooks/pre-commit': Read-only file system",
      'bash: line 1: /work/ws/.git/hooks/pre-commit: Read-only file system',
    ]) {
      expect(sandboxDenial(output, layout)).toMatchObject({
        paths: ['/work/ws/.git/hooks/pre-commit'],
        blocked: expect.stringMatching(
          /^writing \/work\/ws\/\.git\/hooks\/pre-commit \(git.s metadata \(every \.git\) and hooks folder, \.mcp\.json and \.agent are read-only/,
        ),
      });
    }
    expect(
      sandboxDenial(
        'error: could not write config file .git/config: Device or resource busy',
        layout,
      )?.paths,
    ).toEqual(['/work/ws/.git/config']);
    expect(
      sandboxDenial('rm: cannot remove build: Device or resource busy', layout),
    ).toBeUndefined();
    // A file the workspace does not protect is no denial of a protected entry.
    expect(
      sandboxDenial("touch: cannot touch 'src/.agentx': Read-only file system", layout)?.blocked,
    ).toBe('writing outside the workspace (read-only in the sandbox)');
  });

  it('names writes to the hooks folder core.hooksPath points at, which the layout protects', () => {
    const husky = { ...layout, readOnly: [...layout.readOnly, '/work/ws/.husky/_'] };
    for (const output of [
      "touch: cannot touch '.husky/_/pre-commit': Read-only file system",
      'bash: line 1: ./.husky/_/pre-commit: Read-only file system',
    ]) {
      expect(sandboxDenial(output, husky)).toMatchObject({
        paths: ['/work/ws/.husky/_/pre-commit'],
        blocked: expect.stringMatching(
          /^writing \/work\/ws\/\.husky\/_\/pre-commit \(git.s metadata/,
        ),
      });
    }
    // Only what the layout protects: without it, or beside it, the path is not named.
    expect(
      sandboxDenial("touch: cannot touch '.husky/_/pre-commit': Read-only file system", layout)
        ?.paths,
    ).toEqual([]);
    expect(
      sandboxDenial("touch: cannot touch '.husky/_x': Read-only file system", husky)?.paths,
    ).toEqual([]);
    expect(
      sandboxDenial("touch: cannot touch '.agentx': Read-only file system", layout)?.paths,
    ).toEqual([]);
  });

  it('names hidden paths, network failures, and nothing for ordinary failures', () => {
    expect(
      sandboxDenial('cat: /home/me/.ssh/id_rsa: No such file or directory', layout)?.blocked,
    ).toBe('reading /home/me/.ssh/id_rsa (hidden in the sandbox)');
    expect(sandboxDenial('cat: /home/me/.netrc: Permission denied', layout)?.paths).toEqual([
      '/home/me/.netrc',
    ]);
    for (const line of [
      'curl: (6) Could not resolve host: example.com',
      'npm ERR! getaddrinfo EAI_AGAIN registry.npmjs.org',
      'fatal: unable to access: Failed to connect: Connection refused',
    ]) {
      expect(sandboxDenial(line, layout)).toMatchObject({ network: true, paths: [] });
    }
    expect(
      sandboxDenial('Could not resolve host: x', { ...layout, network: true }),
    ).toBeUndefined();
    expect(
      sandboxDenial('cat: /work/ws/missing: No such file or directory', layout),
    ).toBeUndefined();
    expect(sandboxDenial('AssertionError: expected 2 to equal 3', layout)).toBeUndefined();
  });
});
