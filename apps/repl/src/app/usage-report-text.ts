import type { UsageReport } from '@agent/runtime';

const count = (tokens: number): string => tokens.toLocaleString('en-US');

/** US dollars with enough digits for small sessions ($0.0023), cents for large ones ($12.35). */
export function formatCost(dollars: number): string {
  return `$${dollars >= 1 ? dollars.toFixed(2) : dollars.toFixed(4)}`;
}

function tokensLine(figures: {
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
}): string {
  const cached = figures.cachedTokens > 0 ? ` (${count(figures.cachedTokens)} cached)` : '';
  return `${count(figures.inputTokens)} in${cached} · ${count(figures.outputTokens)} out`;
}

/** The /usage report: the session's tokens per model and in total, with costs where known. */
export function usageReportText(report: UsageReport): string {
  if (report.models.length === 0) return 'Usage: no model responses in this session yet.';
  const names = report.models.map((entry) => `${entry.provider}/${entry.model}`);
  const width = Math.max(5, ...names.map((name) => name.length));
  const lines = ['Usage this session (tokens):'];
  report.models.forEach((entry, i) => {
    const cost = entry.cost === undefined ? ' · no price' : ` · ${formatCost(entry.cost)}`;
    lines.push(`  ${names[i]!.padEnd(width)}  ${tokensLine(entry)}${cost}`);
  });
  const { total } = report;
  let cost = '';
  if (total.cost !== undefined) {
    cost = ` · ${formatCost(total.cost)}`;
    if (total.unpriced.length > 0) cost += ` (without ${total.unpriced.join(', ')})`;
  }
  if (report.models.length > 1 || total.cost !== undefined) {
    lines.push(`  ${'total'.padEnd(width)}  ${tokensLine(total)}${cost}`);
  }
  if (total.unpriced.length > 0) {
    lines.push('  Costs come from "prices" in config.json (US dollars per million tokens).');
  }
  return lines.join('\n');
}
