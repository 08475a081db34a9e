import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Unfolded, names lower case. */
  headers: Record<string, string>;
  /** The body with its transfer encoding undone. */
  text: string;
}

export interface LocalSmtpServer {
  /** `smtp://user:pass@127.0.0.1:port`, ready for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuses the next `count` recipients with this reply, e.g. `550 Mailbox unavailable`. */
  refuseRecipients(count: number, reply: string): void;
  /** Resolves once `count` messages have arrived in all. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const USER = 'civicwatch';
const PASS = 'p@ss word';

const decodeQuotedPrintable = (body: string): string => {
  const bytes = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  return bytes.toString('utf8');
};

/** Just enough MIME for a single-part plain-text message, as nodemailer writes one. */
function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text = encoding === 'quoted-printable'
    ? decodeQuotedPrintable(body)
    : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { from, to, headers, text: text.replace(/\r\n/g, '\n') };
}

/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server, the server side of nodemailer's project): it asks
 * for the password of its URL, takes messages in plain text (no STARTTLS: a test has no certificate), and
 * can refuse recipients the way a mail server does.
 */
export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusals: { left: number; reply: string } = { left: 0, reply: '' };

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (refusals.left > 0) {
        refusals.left -= 1;
        const [code, ...words] = refusals.reply.split(' ');
        callback(Object.assign(new Error(words.join(' ')), { responseCode: Number(code) }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push(parse(Buffer.concat(chunks).toString('latin1'), from, session.envelope.rcptTo.map((r) => r.address)));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${USER}:${encodeURIComponent(PASS)}@127.0.0.1:${port}`,
    received,
    refuseRecipients: (count, reply) => {
      refusals = { left: count, reply };
    },
    waitForMessages: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, received ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 100);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
