/** "in 5m", "3h ago": an expiry said the way a person reads it. */
export function formatWhen(at: number, now = Date.now()): string {
  const delta = at - now;
  const abs = Math.abs(delta);
  const unit = abs < 60_000 ? `${Math.round(abs / 1000)}s` : abs < 3_600_000 ? `${Math.round(abs / 60_000)}m` : abs < 172_800_000 ? `${Math.round(abs / 3_600_000)}h` : `${Math.round(abs / 86_400_000)}d`;
  return delta >= 0 ? `in ${unit}` : `${unit} ago`;
}
