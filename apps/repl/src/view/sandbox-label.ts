import type { SandboxMode, SandboxState } from '@agent/tools';

/** How the status line names where commands run (the mode until the first command probed it). */
export function sandboxLabel(sandbox: { state: SandboxState; mode: SandboxMode }): string {
  switch (sandbox.state) {
    case 'sandboxed':
      return 'sandboxed';
    case 'checking':
      return `sandbox ${sandbox.mode}`;
    case 'off':
      return 'sandbox off';
    case 'unavailable':
      return 'unsandboxed (no bwrap)';
    case 'refusing':
      return 'no bwrap: commands refused';
  }
}
