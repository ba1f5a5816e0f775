// Latency statistics and the plain-text table the bench prints.

/** Nearest-rank percentile of an ascending array (p in 0..1): a value that was really observed, never interpolated. */
export function percentile(sorted, p) {
  if (sorted.length === 0) {
    return NaN;
  }
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** p50/p95/p99 (ms) and calls per second of a set of sequential call latencies (ms). */
export function summarize(samplesMs) {
  const sorted = Float64Array.from(samplesMs).sort();
  const total = samplesMs.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    // Sequential calls: one call at a time, so the rate is the inverse of the mean latency.
    perSecond: total > 0 ? (sorted.length * 1000) / total : NaN,
  };
}

export function fmtMs(v) {
  if (!Number.isFinite(v)) {
    return '-';
  }
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

export function fmtNum(v, digits = 0) {
  return Number.isFinite(v) ? v.toFixed(digits) : '-';
}

export function fmtRatio(v) {
  return Number.isFinite(v) ? `${v.toFixed(v >= 10 ? 1 : 2)}x` : '';
}

/** A Markdown table (so it can be pasted into docs as is), padded so it also reads well in a terminal. */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.every((r) => /^[-+]?[\d.]*x?$|^-$|^$/.test(String(r[i] ?? ''))));
  const cell = (v, i) => (numeric[i] ? String(v ?? '').padStart(widths[i]) : String(v ?? '').padEnd(widths[i]));
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
