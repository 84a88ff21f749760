import { PLATFORM_NAME } from '@platform/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../core/config.ts';

/** One mail: a Chinese subject, a plain-text body and the same as simple HTML (templates.ts). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail through SMTP_URL (docs/mail.md). `configured` is false without it: then nothing is
 * sent, and the callers fall back (a super admin issues reset links). `post` sends after the
 * request has been answered: a slow or failing SMTP server neither delays an answer nor tells the
 * caller anything (the forgot-password answer must not differ between accounts); failures are
 * logged. `send` waits and throws, for the calls that report the outcome.
 */
export interface Mailer {
  configured: boolean;
  /** Absolute link to a web path (`/reset-password?token=…`) under PUBLIC_URL. */
  link(pathAndQuery: string): string;
  send(mail: Mail): Promise<void>;
  post(mail: Mail): void;
}

export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Mailer {
  const origin = config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  const from = config.MAIL_FROM ?? `"${PLATFORM_NAME}" <no-reply@${hostOf(config.PUBLIC_URL)}>`;
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const send = async (mail: Mail) => {
    if (!transport) return;
    await transport.sendMail({ from, ...mail });
  };
  return {
    configured: transport !== null,
    link: (pathAndQuery) => `${origin}${pathAndQuery}`,
    send,
    post(mail) {
      send(mail).catch((err: unknown) => log.error({ err, subject: mail.subject }, 'mail not sent'));
    },
  };
}

const hostOf = (url: string | undefined) => (url ? new URL(url).hostname : 'localhost');
