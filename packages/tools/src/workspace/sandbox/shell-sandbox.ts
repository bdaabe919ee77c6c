import * as os from 'node:os';
import { probeBwrap, type BwrapProbe } from './bwrap-probe';
import { hiddenPaths, type HiddenPath } from './hidden-paths';
import { INSTALL_BUBBLEWRAP, type SandboxMode } from './sandbox-mode';

/** How the next command runs. */
export type SandboxPlan =
  | { kind: 'sandboxed'; hidden: readonly HiddenPath[]; userNamespace: boolean }
  | { kind: 'unsandboxed' }
  | { kind: 'refused'; message: string };

/** What the status line and `/sandbox` show. */
export type SandboxState = 'sandboxed' | 'unavailable' | 'off' | 'refusing' | 'checking';

export interface ShellSandboxOptions {
  mode: SandboxMode;
  /** Hidden from commands besides the credential folders under the home directory. */
  agentHome?: string;
  /** The home directory whose credential folders are hidden (default: the process's). */
  home?: string;
  /** Where `bwrap` and `git` are looked up (its PATH); default the process's environment. */
  env?: NodeJS.ProcessEnv;
  /**
   * Whether a command the sandbox blocked may be run again outside it, or with network, once the
   * person approves it (the REPL, an editor). False where nobody may approve that (headless): the
   * command's result then says how to start without the sandbox.
   */
  mayLeave: boolean;
  /**
   * Host sockets commands may reach although the sandbox hides the folders they lie in
   * (config.json `sandboxAllowSockets`: absolute paths, such as `/run/docker.sock`).
   */
  allowSockets?: readonly string[];
  /**
   * Variables passed into the sandbox besides SANDBOX_ENV_NAMES (config.json `sandboxAllowEnv`:
   * names, or `PREFIX_*`).
   */
  allowEnv?: readonly string[];
  /** Called once, with the first probe's answer (made when a command first needs it). */
  onProbed?: (probe: BwrapProbe) => void;
}

/**
 * A session's sandbox for `run_shell`: its mode (changeable, `/sandbox`), whether bubblewrap works
 * (probed once, see probeBwrap), and what each command gets hidden. One per session, shared by
 * the subagents' `run_shell`.
 */
export class ShellSandbox {
  private current: SandboxMode;
  private probed: BwrapProbe | undefined;
  readonly mayLeave: boolean;

  constructor(private readonly options: ShellSandboxOptions) {
    this.current = options.mode;
    this.mayLeave = options.mayLeave;
  }

  get mode(): SandboxMode {
    return this.current;
  }

  set mode(mode: SandboxMode) {
    this.current = mode;
  }

  /** Where the programs the sandbox runs itself (bwrap, git) are looked up. */
  get env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  /** The sockets the person lets sandboxed commands reach (see ShellSandboxOptions). */
  get allowSockets(): readonly string[] {
    return this.options.allowSockets ?? [];
  }

  /** The variables the person passes into the sandbox (see ShellSandboxOptions). */
  get allowEnv(): readonly string[] {
    return this.options.allowEnv ?? [];
  }

  /**
   * Whether bubblewrap works here (probed on the first call, that is when a command first needs
   * it or `/sandbox` asks: a run without commands never starts bwrap; abortable).
   */
  async probe(signal: AbortSignal): Promise<BwrapProbe> {
    if (this.probed) return this.probed;
    const probe = await probeBwrap(signal, this.env);
    if (!this.probed) {
      this.probed = probe;
      this.options.onProbed?.(probe);
    }
    return this.probed;
  }

  /** The state now, from the probe (`checking` until a command or `/sandbox` made it). */
  get state(): SandboxState {
    if (this.current === 'off') return 'off';
    if (!this.probed) return 'checking';
    if (this.probed.available) return 'sandboxed';
    return this.current === 'on' ? 'refusing' : 'unavailable';
  }

  /** One line for `/sandbox` and start-up notices: the mode and what it means here. */
  describe(): string {
    const reason = this.probed && !this.probed.available ? this.probed.reason : '';
    switch (this.state) {
      case 'off':
        return 'Sandbox off: commands run with your full rights.';
      case 'checking':
        return `Sandbox ${this.current}: whether bubblewrap works is checked when the first command runs.`;
      case 'sandboxed':
        return `Sandbox ${this.current}: commands run in bubblewrap with no capabilities (the workspace but its git metadata, .mcp.json and .agent, and a private /tmp writable, the rest read-only, credential folders, the agent home and the host's sockets hidden, only the usual variables set, no network).`;
      case 'unavailable':
        return `Sandbox auto: ${reason}, so commands run unsandboxed, with your full rights. To sandbox them, ${INSTALL_BUBBLEWRAP}.`;
      case 'refusing':
        return `Sandbox on: ${reason}, so commands are refused. To run them, ${INSTALL_BUBBLEWRAP}, or switch the sandbox to auto or off.`;
    }
  }

  /** How the next command runs. Rejects only when `signal` aborts. */
  async plan(signal: AbortSignal): Promise<SandboxPlan> {
    if (this.current === 'off') return { kind: 'unsandboxed' };
    const probe = await this.probe(signal);
    if (probe.available) {
      return {
        kind: 'sandboxed',
        hidden: hiddenPaths(this.options.home ?? os.homedir(), this.options.agentHome),
        userNamespace: probe.userNamespace,
      };
    }
    if (this.current === 'auto') return { kind: 'unsandboxed' };
    return {
      kind: 'refused',
      message: `Not run: the sandbox is on and ${probe.reason}. Commands cannot run until the person ${INSTALL_BUBBLEWRAP.replace(/^install/, 'installs')} or starts with --sandbox auto or off ("sandbox" in config.json; /sandbox in the REPL).`,
    };
  }
}
