import { readdirSync, readFileSync } from 'node:fs';

/**
 * The running processes (zombies left out) one of whose arguments is exactly `marker`, by host
 * process id: how tests find a command's processes when they run in a sandbox, whose own process
 * ids mean nothing outside it. Give each test's command a unique argument (`sleep 60.4711`).
 */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(marker)) {
        found.push(Number(entry));
      }
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}
