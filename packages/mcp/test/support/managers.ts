import { startMcp, type McpManager } from '../../src';

/**
 * A `startMcp` for tests (short kill grace) whose managers are all closed after each test:
 * call it at the top of a test file.
 */
export function managersClosedAfterEach(): (options: Parameters<typeof startMcp>[0]) => McpManager {
  const managers: McpManager[] = [];
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.close()));
  });
  return (options) => {
    const manager = startMcp({ killGraceMs: 200, ...options });
    managers.push(manager);
    return manager;
  };
}
