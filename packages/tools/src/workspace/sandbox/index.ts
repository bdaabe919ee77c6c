export { SANDBOX_MODES, isSandboxMode, INSTALL_BUBBLEWRAP, type SandboxMode } from './sandbox-mode';
export {
  ShellSandbox,
  type SandboxPlan,
  type SandboxState,
  type ShellSandboxOptions,
} from './shell-sandbox';
export { probeBwrap, type BwrapProbe } from './bwrap-probe';
export { CREDENTIAL_PATHS, type HiddenPath } from './hidden-paths';
export { SANDBOX_ENV_NAMES, isSandboxEnvName } from './sandbox-environment';
export { SOCKET_FOLDERS } from './host-sockets';
