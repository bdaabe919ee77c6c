import { askPerson, type PermissionRequest } from '@agent/tools';
import { headlessPerson } from '../src/permission-policy';

const signal = new AbortController().signal;
/** Who decided, for each call's record: the policy, never passed off as a person. */
const POLICY = { by: 'policy', source: 'the headless policy' };

function request(permission: 'edit' | 'exec'): PermissionRequest {
  return {
    toolCallId: 'call_1',
    toolName: permission === 'edit' ? 'edit_file' : 'run_shell',
    permission,
    title: permission === 'edit' ? 'edit a.ts' : 'npm test',
    input: {},
  };
}

describe('headlessPerson', () => {
  it('lets edits run and refuses commands with a way out', async () => {
    const policy = headlessPerson({ yes: false });
    await expect(askPerson(policy, 'approval', request('edit'), { signal })).resolves.toEqual({
      kind: 'allow',
      approval: POLICY,
    });
    const denied = await askPerson(policy, 'approval', request('exec'), { signal });
    expect(denied.kind).toBe('deny');
    expect(denied.approval).toEqual(POLICY);
    expect(denied.kind === 'deny' && denied.reason).toMatch(/run_shell \(npm test\).*--yes/);
  });

  it("declines servers' forms at once and opens no questionnaire", async () => {
    const policy = headlessPerson({ yes: true });
    expect(policy.canAnswer('questionnaire')).toBe(false);
    await expect(
      askPerson(policy, 'form', { server: 's', message: 'm', questions: [] }, { signal }),
    ).resolves.toEqual({ action: 'decline' });
  });

  it('approves everything with --yes', async () => {
    const policy = headlessPerson({ yes: true });
    await expect(askPerson(policy, 'approval', request('exec'), { signal })).resolves.toEqual({
      kind: 'allow',
      approval: { by: 'policy', source: 'the --yes flag' },
    });
  });
});
