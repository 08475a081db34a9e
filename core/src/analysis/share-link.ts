/** A live public link to one analysis (ADR 0010): whoever holds the token may read the analysis. */
export interface ShareLink {
  /** From TokenGenerator: at least 128 random bits, base64url. Stored as it is, so the owner can copy it again. */
  token: string;
  sharedAt: Date;
}

/** The page a share link opens, under the address users reach (`publicUrl`, without a trailing slash). */
export const shareUrl = (publicUrl: string, token: string): string => `${publicUrl}/shared/${token}`;
