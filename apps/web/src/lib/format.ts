import type { TierId } from '@civicwatch/core/contracts/index.ts';

const tierNames: Record<TierId, string> = { citizen: 'Citizen', patriot: 'Patriot', defender: 'Defender' };

/** Display names of the tiers (DECISIONS "Contract details"). */
export function tierDisplayName(id: TierId): string {
  return tierNames[id];
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const steps: Array<[limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, secondsPerUnit: number]> = [
  [60, 'second', 1],
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [86_400 * 30, 'day', 86_400],
  [86_400 * 365, 'month', 86_400 * 30],
  [Infinity, 'year', 86_400 * 365],
];

/** "3 days ago": the usual date-distance thresholds (spec §9). */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  const abs = Math.abs(seconds);
  const [, unit, perUnit] = steps.find(([limit]) => abs < limit) ?? steps[steps.length - 1]!;
  return relative.format(Math.round(seconds / perUnit), unit);
}
