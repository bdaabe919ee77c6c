import { PromptQueue } from './prompt-queue';

describe('PromptQueue', () => {
  it('sends queued prompts one at a time; steers the turn never took go first', () => {
    const queue = new PromptQueue();
    queue.add('queue1');
    queue.steered('steer2');
    queue.add('queue3');
    expect(queue.steering).toEqual(['steer2']);
    expect(queue.pending).toEqual(['queue1', 'queue3']);
    queue.turnEnded(['steer2'], false);
    expect(queue.steering).toEqual([]);
    expect(queue.next(true)).toEqual({ send: 'steer2' });
    expect(queue.next(true)).toEqual({ send: 'queue1' });
    expect(queue.next(true)).toEqual({ send: 'queue3' });
    expect(queue.next(true)).toBeUndefined();
  });

  it('after an interrupt, every steer and queued prompt comes back at once, in the order sent', () => {
    const queue = new PromptQueue();
    queue.add('queued first');
    queue.steered('steer1');
    queue.steered('taken');
    queue.add('queue2');
    queue.joined('taken');
    queue.interrupted();
    // A steer sent from elsewhere (the web page) that the turn never took goes first.
    queue.turnEnded(['remote', 'steer1'], true);
    expect(queue.next(true)).toEqual({
      edit: 'remote\n\nqueued first\n\nsteer1\n\nqueue2',
      count: 4,
      more: 0,
      interrupted: true,
    });
    expect(queue.pending).toEqual([]);
    // Nothing stays held: the next turn's end sends nothing and says nothing.
    expect(queue.next(true)).toBeUndefined();
    queue.add('later');
    expect(queue.next(true)).toEqual({ send: 'later' });
  });

  it('a !command comes back on its own; what follows it stays held, then comes back as held', () => {
    const queue = new PromptQueue();
    queue.steered('first');
    queue.steered('!echo hi');
    queue.add('touch pwned.txt is what I would do');
    queue.add('and this');
    queue.interrupted();
    queue.turnEnded(['first', '!echo hi'], true);
    expect(queue.next(true)).toEqual({ edit: 'first', count: 1, more: 3, interrupted: true });
    expect(queue.next(true)).toEqual({ edit: '!echo hi', count: 1, more: 2, interrupted: false });
    expect(queue.next(true)).toEqual({
      edit: 'touch pwned.txt is what I would do\n\nand this',
      count: 2,
      more: 0,
      interrupted: false,
    });
  });

  it('holds while the person writes; ↑ then takes what would come back next', () => {
    const queue = new PromptQueue();
    queue.add('a');
    queue.add('b');
    queue.interrupted();
    expect(queue.next(false)).toEqual({ held: 2 });
    expect(queue.takeForEditing()).toBe('a\n\nb');
    expect(queue.next(true)).toBeUndefined();
  });

  it('↑ off an interrupt takes the prompt queued last, never a steer in the turn', () => {
    const queue = new PromptQueue();
    queue.add('a');
    queue.add('b');
    queue.steered('s');
    expect(queue.takeForEditing()).toBe('b');
    expect(queue.takeForEditing()).toBe('a');
    expect(queue.takeForEditing()).toBeUndefined();
    expect(queue.steering).toEqual(['s']);
  });

  it('a steer the turn refused (it had ended) waits for the next turn', () => {
    const queue = new PromptQueue();
    queue.steered('late');
    queue.turnEnded([], false);
    queue.refused('late');
    expect(queue.next(true)).toEqual({ send: 'late' });
  });
});
