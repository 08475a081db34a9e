/** The signed-in sessions the server keeps (ADR 0003: one row per session, its user id in the data). */
export interface SessionRepository {
  /**
   * Signs the user out everywhere but `keep` (the caller's own session id, when there is one): after a
   * password change or reset, a browser that knew the old password is signed out. Answers how many ended.
   */
  endSessionsOf(userId: string, keep?: string): Promise<number>;
}
