export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  budget?: { max: number };
}

export function withinBudget(f: Figure): boolean {
  return f.budget === undefined || f.value <= f.budget.max;
}
