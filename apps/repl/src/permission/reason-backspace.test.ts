import type { PermissionRequest } from '@agent/tools';
import { PermissionCard } from './permission-card';

const request = {
  toolName: 'run_shell',
  title: '$ ls',
  permission: 'exec',
} as PermissionRequest;

describe('the deny reason', () => {
  it('loses a whole emoji sequence on Backspace, never half of it', () => {
    const card = new PermissionCard(request);
    card.paste('not for 👨‍👩‍👧');
    card.handleKey({ name: 'backspace' });
    expect(card.reason).toBe('not for ');
  });
});
