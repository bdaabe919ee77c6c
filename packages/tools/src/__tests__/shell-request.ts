import type { PermissionRequest } from '@agent/tool-contract';

/** The permission request of a `run_shell` call of `value`, as the loop builds it. */
export const shellRequest = (value: string): PermissionRequest => ({
  toolCallId: 'c',
  toolName: 'run_shell',
  permission: 'exec',
  title: `$ ${value}`,
  input: { command: value },
  subject: value,
  subjectKind: 'command',
});
