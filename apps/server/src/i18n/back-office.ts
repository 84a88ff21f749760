import type { Message } from './i18n.ts';

/**
 * The contracts' payoutRateLimitMessage as a message (sections/back-office: `settings.payoutRateLimit`,
 * its Chinese the contracts' own text): `what` says which rate, in the same language.
 */
export const payoutRateLimit = (max: string, what: Message): Message => ({
  key: 'backOffice.settings.payoutRateLimit',
  params: { max, what },
});
