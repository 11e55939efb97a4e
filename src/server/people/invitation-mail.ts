import { createTransport } from 'nodemailer';
import { invitationHours } from '../../contract/people.ts';

/** Sends an invitation's link; absent (no SMTP_URL), the link is answered once to the admin who invited. */
export interface InvitationMailer {
  send(message: { to: string; name: string; inviter: string; organization: string; link: string }): Promise<void>;
}

export const defaultMailFrom = 'Acquirer Console <no-reply@acquirer-console.invalid>';

/**
 * SMTP through nodemailer (SMTP_URL: smtp://user:pass@host:587, or smtps:// for implicit TLS; STARTTLS is used when
 * the server offers it). One connection per message: invitations are rare.
 */
export function smtpMailer(url: string, from: string = defaultMailFrom): InvitationMailer {
  const transport = createTransport(url);
  return {
    async send({ to, name, inviter, organization, link }) {
      await transport.sendMail({
        from,
        to,
        subject: `${organization}: you are invited to the Acquirer Console / você foi convidado(a) para o Acquirer Console`,
        text:
          `Hello ${name},\n\n${inviter} invited you to ${organization} on the Acquirer Console. Choose your password here ` +
          `(the link works once, for ${invitationHours} hours):\n\n${link}\n\n` +
          `Olá ${name},\n\n${inviter} convidou você para ${organization} no Acquirer Console. Escolha sua senha aqui ` +
          `(o link funciona uma vez, por ${invitationHours} horas):\n\n${link}\n`,
      });
    },
  };
}

/**
 * The dashboard's invitation page with the token in the fragment: a browser never sends the part after # to a
 * server, so the token reaches no access log; the page posts it in a request body.
 */
export const invitationLink = (dashboardUrl: string, token: string): string => `${dashboardUrl.replace(/\/+$/, '')}/invitation#token=${token}`;
