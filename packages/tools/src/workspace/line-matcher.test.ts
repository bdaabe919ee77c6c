import { acquireMatcher, releaseMatcher } from './line-matcher';

const keepingAlive = (kind: string): number =>
  process.getActiveResourcesInfo().filter((resource) => resource === kind).length;

describe('matcher threads', () => {
  it('an idle thread that never got work does not keep the process alive', () => {
    const before = keepingAlive('MessagePort');
    const thread = acquireMatcher();
    expect(keepingAlive('MessagePort')).toBe(before);
    thread.fail(new Error('done with it'));
    releaseMatcher(thread);
  });
});
