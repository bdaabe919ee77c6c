/**
 * Whether `run_shell` runs its commands inside bubblewrap: `auto` where bubblewrap works (and
 * says once when it does not), `on` refuses to run commands without it, `off` never sandboxes.
 */
export const SANDBOX_MODES = ['auto', 'on', 'off'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export function isSandboxMode(value: unknown): value is SandboxMode {
  return (SANDBOX_MODES as readonly unknown[]).includes(value);
}

/** How to get bubblewrap, for the messages that say it is missing. */
export const INSTALL_BUBBLEWRAP =
  'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap; Arch: pacman -S bubblewrap)';
