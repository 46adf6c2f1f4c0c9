/**
 * One bucket of a seconds histogram of `sla_daily` (migration 20261128150000_sla_daily), summed
 * over the rows a dashboard reads: bucket 0 holds the intervals under 1 s, bucket i ≥ 1 those in
 * [1.05^(i-1), 1.05^i) s; `count` intervals fell in it, `sum` is their total in seconds.
 */
export interface SecondsBucket {
  bucket: number;
  count: number;
  sum: number;
}

/** Bucket i ≥ 1 spans a factor 1.05: a value anywhere in it is within 5 % of any other there. */
export const SLA_BUCKET_RATIO = 1.05;

/**
 * percentile_cont(p) of the intervals a histogram holds, each interval taken as its bucket's mean.
 * The k-th smallest interval lies in the bucket where the cumulative count passes k, and so does
 * that bucket's mean; the interpolation between two such estimates keeps their bound. So the
 * result is within 5 % (SLA_BUCKET_RATIO − 1) of the exact percentile_cont, plus under 1 s when an
 * interval under 1 s takes part (bucket 0); exact when every interval of the buckets it uses is
 * the same (one ticket, say).
 */
export function histogramPercentile(buckets: SecondsBucket[], p: number): number | null {
  const filled = buckets.filter((b) => b.count > 0).sort((a, b) => a.bucket - b.bucket);
  const total = filled.reduce((n, b) => n + b.count, 0);
  if (!total) return null;
  const position = p * (total - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  let below = 0;
  let low: number | null = null;
  let high: number | null = null;
  for (const b of filled) {
    const mean = b.sum / b.count;
    if (low === null && lower < below + b.count) low = mean;
    if (upper < below + b.count) {
      high = mean;
      break;
    }
    below += b.count;
  }
  return low! + (position - lower) * (high! - low!);
}
