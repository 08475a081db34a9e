import { formatDistance } from 'date-fns';
import type { TierId } from '@civicwatch/core/contracts/index.ts';

const tierNames: Record<TierId, string> = { citizen: 'Citizen', patriot: 'Patriot', defender: 'Defender' };

/** Display names of the tiers (docs/product/api.md "Wire formats"). */
export function tierDisplayName(id: TierId): string {
  return tierNames[id];
}

/** "3 days ago", "about 2 hours ago": date-fns's standard date-distance thresholds (docs/product/credits-and-tiers.md "Tiers"). */
export function timeAgo(iso: string, now: Date = new Date()): string {
  return formatDistance(new Date(iso), now, { addSuffix: true });
}

/** "June 3, 2026": a date as the subscription screens show it. */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });
}

/** Whole dollars as the plans show them: "$29" (docs/product: the API speaks whole dollars). */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
