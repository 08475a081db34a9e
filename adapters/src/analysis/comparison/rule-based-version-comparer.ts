import type { ComparedVersion, ComparisonDraft, VersionComparer } from '@civicwatch/core/comparison/version-comparer.port.ts';
import { compareVersions } from './compare-versions.ts';

/** The comparer's name in a result's metadata: rules, no model. */
export const COMPARER_MODEL = 'rules-alignment-v1';

/**
 * Compares two versions offline (ADR 0022): their units aligned, then their differences of sums, dates,
 * figures and words told in templates. Each change quotes each version it rests on.
 */
export class RuleBasedVersionComparer implements VersionComparer {
  readonly analyzer = 'embedded' as const;
  readonly model = COMPARER_MODEL;

  async compare(earlier: ComparedVersion, later: ComparedVersion): Promise<ComparisonDraft> {
    const { related, summary, changes } = compareVersions(earlier.pages, later.pages);
    return {
      related,
      summary,
      changes: changes.map(({ type, statement, before, after }) => ({ type, statement, ...(before && { before }), ...(after && { after }) })),
    };
  }
}
