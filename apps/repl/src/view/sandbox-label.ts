import type { SandboxState } from '@agent/tools';

/** How the status line names where commands run. */
export function sandboxLabel(state: SandboxState): string {
  switch (state) {
    case 'sandboxed':
      return 'sandboxed';
    case 'checking':
      return 'sandbox…';
    case 'off':
      return 'sandbox off';
    case 'unavailable':
      return 'unsandboxed (no bwrap)';
    case 'refusing':
      return 'no bwrap: commands refused';
  }
}
