import type { AddressInfo } from 'node:net';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP server in this process (smtp-server) that keeps every message it accepts, read with mailparser. */
export interface Mailbox {
  port: number;
  received: ParsedMail[];
  /** Messages to this address get this SMTP reply to RCPT TO (e.g. 550 refused, 451 try later); 0 accepts again. */
  refuse(address: string, code: number): void;
  /**
   * Holds every message at the end of DATA until `release()`: `arrived` resolves once the first one is held, so a
   * test knows a round is in the middle of sending.
   */
  hold(): { arrived: Promise<void>; release: () => void };
  /** The messages to `address`. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ParsedMail[] = [];
  const refusals = new Map<string, number>();
  let held: { gate: Promise<void>; arrive: () => void } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refusals.get(address.address) ?? 0;
      callback(code ? Object.assign(new Error(`refused with ${code}`), { responseCode: code }) : undefined);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (held) {
            held.arrive();
            await held.gate;
          }
          received.push(await simpleParser(Buffer.concat(chunks)));
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addressOf = (mail: ParsedMail) => (mail.to as AddressObject).value.map((to) => to.address);
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    refuse: (address, code) => refusals.set(address, code),
    hold: () => {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      held = { gate, arrive };
      return {
        arrived,
        release: () => {
          held = null;
          release();
        },
      };
    },
    to: (address) => received.filter((mail) => addressOf(mail).includes(address)),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
