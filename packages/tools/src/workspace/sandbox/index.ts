export { SANDBOX_MODES, isSandboxMode, INSTALL_BUBBLEWRAP, type SandboxMode } from './sandbox-mode';
export {
  ShellSandbox,
  type SandboxPlan,
  type SandboxState,
  type ShellSandboxOptions,
} from './shell-sandbox';
export { probeBwrap, type BwrapProbe } from './bwrap-probe';
export { CREDENTIAL_PATHS, type HiddenPath } from './hidden-paths';
