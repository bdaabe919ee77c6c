import { agentToolNames, toolNamePrefix } from './tool-names';

describe('agentToolNames', () => {
  it('names tools mcp__<server>__<tool> in the characters every provider allows', () => {
    expect(agentToolNames('files', ['read_file', 'get-tiny-image', 'do.thing/now'])).toEqual([
      'mcp__files__read_file',
      'mcp__files__get-tiny-image',
      'mcp__files__do_thing_now',
    ]);
    expect(toolNamePrefix('my server')).toBe('mcp__my_server__');
  });

  it('keeps long and colliding names unique, stable and within 64 characters', () => {
    const long = 'x'.repeat(80);
    const names = agentToolNames('srv', [long, 'a.b', 'a/b']);
    expect(names[0]).toHaveLength(64);
    expect(names[0]).toMatch(/^mcp__srv__x+_[0-9a-f]{8}$/);
    expect(names[1]).toBe('mcp__srv__a_b');
    expect(names[2]).toMatch(/^mcp__srv__a_b_[0-9a-f]{8}$/);
    expect(new Set(names).size).toBe(3);
    expect(agentToolNames('srv', [long, 'a.b', 'a/b'])).toEqual(names);
  });
});
