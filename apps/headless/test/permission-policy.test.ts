import type { PermissionRequest } from '@agent/tools';
import { headlessPermissions } from '../src/permission-policy';

const signal = new AbortController().signal;

function request(permission: 'edit' | 'exec'): PermissionRequest {
  return {
    toolCallId: 'call_1',
    toolName: permission === 'edit' ? 'edit_file' : 'run_shell',
    permission,
    title: permission === 'edit' ? 'edit a.ts' : 'npm test',
    input: {},
  };
}

describe('headlessPermissions', () => {
  it('lets edits run and refuses commands with a way out', async () => {
    const policy = headlessPermissions({ yes: false });
    await expect(policy.request(request('edit'), signal)).resolves.toEqual({ kind: 'allow' });
    const denied = await policy.request(request('exec'), signal);
    expect(denied.kind).toBe('deny');
    expect(denied.kind === 'deny' && denied.reason).toMatch(/run_shell \(npm test\).*--yes/);
  });

  it('approves everything with --yes', async () => {
    const policy = headlessPermissions({ yes: true });
    await expect(policy.request(request('exec'), signal)).resolves.toEqual({ kind: 'allow' });
  });
});
