import type { ShareLinkView, SharedAnalysis } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';

/** Public links to analyses (ADR 0010): the owner shares and stops sharing; anyone follows a link. */
export interface Sharing {
  share(analysisId: string): Promise<Outcome<ShareLinkView>>;
  unshare(analysisId: string): Promise<Outcome<null>>;
  /** What the page /shared/{token} shows, asked for with this session's cookie, if any. */
  openShared(token: string): Promise<Outcome<SharedAnalysis>>;
}
