import { sandboxDenial } from './sandbox-denial';

const layout = {
  workspace: '/work/ws',
  hidden: [
    { path: '/home/me/.ssh', directory: true },
    { path: '/home/me/.netrc', directory: false },
  ],
  network: false,
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
