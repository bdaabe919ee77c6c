import { approvalChoices } from '@agent/tools/permission-rules';
import type { PermissionRequest } from '@agent/tools';
import { PermissionCard } from './permission-card';

const cardFor = (request: PermissionRequest) =>
  new PermissionCard(request, approvalChoices(request));

const request = {
  toolName: 'run_shell',
  title: '$ ls',
  permission: 'exec',
} as PermissionRequest;

describe('the deny reason', () => {
  it('loses a whole emoji sequence on Backspace, never half of it', () => {
    const card = cardFor(request);
    card.paste('not for 👨‍👩‍👧');
    card.handleKey({ name: 'backspace' });
    expect(card.reason).toBe('not for ');
  });
});
