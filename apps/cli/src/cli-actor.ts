import { userInfo } from 'node:os';
import type { AdminActor } from '@civicwatch/core';

/**
 * Who the audit log names for a command-line action: no user id (the command line acts with the server's
 * own authority, whoever can reach its database) and the system account that ran it, when it has a name.
 */
export function cliActor(): AdminActor {
  let username = '';
  try {
    username = userInfo().username;
  } catch {
    // No passwd entry (e.g. an arbitrary uid in a container): the log still says it was the command line.
  }
  return { userId: null, label: username ? `cli:${username}` : 'cli' };
}
