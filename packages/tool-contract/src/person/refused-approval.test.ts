import { callApproval } from '../call-approval';
import { allowAll, onlyKinds, refuseAtOnce } from './answer-at-once';
import type { PersonRequest } from './person-request';
import type { PermissionDecision, PermissionRequest } from '../permission';

const payload: PermissionRequest = {
  toolCallId: 'c1',
  toolName: 'run_shell',
  permission: 'exec',
  title: 'npm test',
  input: { command: 'npm test' },
};
const request: PersonRequest<'approval'> = {
  id: 'approval-1',
  kind: 'approval',
  toolCallId: 'c1',
  payload,
  signal: new AbortController().signal,
};
const refused = {
  allowed: false,
  by: 'policy',
  source: 'this run, where nobody can approve calls',
};

describe('an approval refused where nobody can approve calls', () => {
  it('is recorded as that policy, never as the person denying it', () => {
    const decision = refuseAtOnce(request);
    expect(callApproval(decision as PermissionDecision, payload)).toEqual(refused);
  });

  it("is recorded so for a channel that passes only other kinds (a subagent's)", async () => {
    const decision = await onlyKinds(allowAll, ['questionnaire']).ask(request);
    expect(callApproval(decision, payload)).toEqual(refused);
  });

  it('a denial that names who denied it, without the facts, is theirs too', () => {
    expect(callApproval({ kind: 'deny', by: 'the deploy guard' }, payload)).toEqual({
      allowed: false,
      by: 'policy',
      source: 'the deploy guard',
    });
    expect(callApproval({ kind: 'deny' }, payload)).toEqual({
      allowed: false,
      by: 'person',
      choice: 'deny',
    });
  });
});

describe('an approval allowed by allowAll', () => {
  it('is recorded as a policy allowing it, never as the person choosing "once"', async () => {
    const decision = await allowAll.ask(request);
    expect(callApproval(decision, payload)).toEqual({
      allowed: true,
      by: 'policy',
      source: 'a channel that allows every call (allowAll)',
    });
  });
});
