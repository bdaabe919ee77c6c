import { FRAME_MS, FrameScheduler } from './frame-scheduler';

describe('FrameScheduler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('paints at most once per frame however many requests arrive', () => {
    let now = 0;
    let paints = 0;
    const scheduler = new FrameScheduler(
      () => paints++,
      () => now,
    );
    for (let i = 0; i < 1000; i++) scheduler.request();
    expect(paints).toBe(0);
    jest.advanceTimersByTime(0);
    expect(paints).toBe(1);
    for (let i = 0; i < 1000; i++) scheduler.request();
    now += 5;
    jest.advanceTimersByTime(5);
    expect(paints).toBe(1);
    now += FRAME_MS;
    jest.advanceTimersByTime(FRAME_MS);
    expect(paints).toBe(2);
  });

  it('paints a key press without waiting for the frame boundary', () => {
    let paints = 0;
    const scheduler = new FrameScheduler(
      () => paints++,
      () => 0,
    );
    scheduler.request();
    jest.advanceTimersByTime(0);
    scheduler.request();
    scheduler.requestUrgent();
    scheduler.requestUrgent();
    jest.advanceTimersByTime(0);
    expect(paints).toBe(2);
    jest.advanceTimersByTime(FRAME_MS * 2);
    expect(paints).toBe(2);
  });

  it('flush paints a pending frame now', () => {
    let paints = 0;
    const scheduler = new FrameScheduler(
      () => paints++,
      () => 0,
    );
    scheduler.request();
    scheduler.flush();
    expect(paints).toBe(1);
    scheduler.flush();
    expect(paints).toBe(1);
  });
});
