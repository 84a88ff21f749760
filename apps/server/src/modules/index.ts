import path from 'node:path';
import { PLATFORM_NAME, TWOFA_MESSAGES } from '@platform/contracts';
import type { AppContext } from '../core/context.ts';
import { tooManyRequests } from '../core/errors.ts';
import type { Router } from '../core/http.ts';
import type { ReferencePriceSource } from '../core/reference-prices.ts';
import { createUser } from './accounts/create-user.ts';
import { registerAddressBookRoutes } from './address-book/address-book.routes.ts';
import { createAddressBookService } from './address-book/address-book.service.ts';
import { registerAdjustmentRoutes } from './adjustments/adjustments.routes.ts';
import { createAdjustmentService } from './adjustments/adjustments.service.ts';
import { registerAdminUsersRoutes } from './admin-users/admin-users.routes.ts';
import { createAdminUsersService } from './admin-users/admin-users.service.ts';
import { createActivationService } from './admins/activation.ts';
import { registerAdminChanges } from './admins/admins.changes.ts';
import { registerAdminsRoutes } from './admins/admins.routes.ts';
import { createAdminsService } from './admins/admins.service.ts';
import { registerAudit } from './audit/audit.module.ts';
import { registerAccountSecurityRoutes } from './auth/account-security/account-security.routes.ts';
import { createAccountSecurityService } from './auth/account-security/account-security.service.ts';
import { createAttemptLimiter } from './auth/attempt-limiter.ts';
import { createPasswordAttempts, registerAuthRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { authenticateBeforeValidation, createGuards } from './auth/guard.ts';
import { registerLanguageRoutes } from './auth/language.routes.ts';
import { registerRecoveryRoutes } from './auth/recovery/recovery.routes.ts';
import { createRecoveryService } from './auth/recovery/recovery.service.ts';
import { registerResetLinkChange } from './auth/recovery/reset-link.change.ts';
import { openSessionCache } from './auth/session-cache.module.ts';
import { registerTwoFactorRoutes } from './auth/two-factor/two-factor.routes.ts';
import { createTwoFactorService } from './auth/two-factor/two-factor.service.ts';
import { registerChanges } from './changes/changes.module.ts';
import { createChangesService } from './changes/changes.service.ts';
import { registerChannelRoutes } from './channels/channels.routes.ts';
import { createChannelsService } from './channels/channels.service.ts';
import { createQrCodeStore } from './channels/qrcode-store.ts';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.ts';
import { createDashboardService } from './dashboard/dashboard.service.ts';
import { registerDepositRoutes } from './deposits/deposits.routes.ts';
import { createDepositService } from './deposits/deposits.service.ts';
import { registerPayoutApprovalRoutes } from './dual-control/payout-approvals.routes.ts';
import { registerThresholdRoutes } from './dual-control/thresholds.routes.ts';
import { createThresholdsService, registerThresholdChanges } from './dual-control/thresholds.service.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { registerHomeRoutes } from './home/home.routes.ts';
import { createHomeService } from './home/home.service.ts';
import { registerSupportContact } from './home/support-contact.routes.ts';
import { registerIdempotency } from './idempotency/idempotency.module.ts';
import { registerKycRoutes } from './kyc/kyc.routes.ts';
import { createKycService } from './kyc/kyc.service.ts';
import { registerJournalRoutes } from './ledger/journal.routes.ts';
import { createMailer } from './mail/mailer.ts';
import { createSecurityMail } from './mail/security-mail.ts';
import { registerMarketData } from './market-data/market-data.module.ts';
import { registerMarketWatch } from './market-watch/market-watch.module.ts';
import { registerNotificationRoutes } from './notifications/notifications.routes.ts';
import {
  createNotificationService,
  pushNotifications,
  type WrittenNotification,
} from './notifications/notifications.service.ts';
import { registerOptionConfigRoutes } from './option-config/option-config.routes.ts';
import {
  createOptionConfigService,
  registerOptionConfigChanges,
} from './option-config/option-config.service.ts';
import { registerPor } from './por/por.module.ts';
import { registerReconciliation } from './reconciliation/reconciliation.module.ts';
import { registerRisk } from './risk/risk.module.ts';
import { registerSetupRoutes } from './setup/setup.routes.ts';
import { registerTeam } from './team/team.module.ts';
import { createReferencePrices } from './trading/reference-prices.ts';
import { registerTrading } from './trading/trading.module.ts';
import { createImageStore } from './uploads/image-store.ts';
import { createUrlSigner, loadUploadSigningSecret } from './uploads/signed-url.ts';
import { registerWalletRoutes } from './wallet/wallet.routes.ts';
import { createWalletService } from './wallet/wallet.service.ts';
import { registerWithdrawalRoutes } from './withdrawals/withdrawals.routes.ts';
import { createWithdrawalService } from './withdrawals/withdrawals.service.ts';

/**
 * Wires each feature's service to its narrow dependencies and lets it register its own routes.
 * A new feature adds its lines here; no feature edits another's routes.
 */
export async function registerModules(app: Router, ctx: AppContext) {
  const twoFactor = createTwoFactorService({
    db: ctx.database.db,
    issuer: PLATFORM_NAME,
    onWrongCode: () => ctx.metrics.twofaFailures.inc({ reason: 'rejected' }),
  });
  const adminSession = {
    idleMinutes: ctx.config.ADMIN_IDLE_TIMEOUT_MINUTES,
    maxHours: ctx.config.ADMIN_SESSION_MAX_HOURS,
  };
  // Mail through SMTP_URL (docs/mail.md); security notices are pushed and mailed.
  const mailer = createMailer(ctx.config, ctx.log);
  const mailSecurityNotices = createSecurityMail(ctx.database.db, mailer, ctx.log);
  const notifyOwner = (written: WrittenNotification[]) => {
    pushNotifications(ctx.realtime, written);
    mailSecurityNotices(written);
  };
  // Pending changes (docs/pending-changes.md): features register their change kinds with `changes`;
  // made first, as a support reset link (recovery) is one.
  const changes = createChangesService({ db: ctx.database.db, realtime: ctx.realtime });
  registerResetLinkChange(changes);
  const recovery = createRecoveryService({
    db: ctx.database.db,
    mailer,
    changes,
    onSessionsRevoked: (ids) => ctx.realtime.disconnectSessions(ids),
    onNotified: notifyOwner,
  });
  const auth = createAuthService({
    db: ctx.database.db,
    sessionTtlHours: ctx.config.SESSION_TTL_HOURS,
    adminSession,
    admin2faRequired: ctx.config.ADMIN_2FA_REQUIRED,
    twoFactor,
    createUser,
    onSessionsRevoked: (ids) => ctx.realtime.disconnectSessions(ids),
    onNotified: notifyOwner,
    afterRegistration: (user) => recovery.afterRegistration(user),
    sessionCache: await openSessionCache(app, ctx),
    onLoginFailure: (reason) => ctx.metrics.loginFailures.inc({ reason }),
  });
  // One count of wrong 2FA codes per account (and per IP) across login, 2FA changes and
  // withdrawals, so that the 10^6 codes cannot be tried through several doors.
  const twofaAttempts = createAttemptLimiter(ctx.database.db, {
    name: 'twofa',
    max: ctx.config.TWOFA_MAX_FAILED_ATTEMPTS,
    maxPerAddress: ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE * ctx.config.TWOFA_ATTEMPT_WINDOW_MINUTES,
    timeWindowMs: ctx.config.TWOFA_ATTEMPT_WINDOW_MINUTES * 60_000,
    tooMany: () => {
      ctx.metrics.twofaFailures.inc({ reason: 'limited' });
      return tooManyRequests(TWOFA_MESSAGES.tooManyAttempts);
    },
  });
  const guards = createGuards(auth);
  // Before any route: guards run ahead of body parsing and validation (401/403, never a 400).
  authenticateBeforeValidation(app);
  // Also before any route: money-moving routes (`config: { idempotent: 'sealed' }`) take an Idempotency-Key.
  registerIdempotency(app, ctx);

  registerHealthRoutes(app, {
    database: ctx.database,
    redis: () => ctx.redis?.state() ?? 'off',
    clock: ctx.clock,
  });
  registerAuthRoutes(app, { auth, guards, twofaAttempts, db: ctx.database.db, config: ctx.config });
  registerLanguageRoutes(app, { db: ctx.database.db, guards, realtime: ctx.realtime });
  registerRecoveryRoutes(app, { recovery, guards, config: ctx.config });
  registerTwoFactorRoutes(app, {
    twoFactor,
    guards,
    attempts: twofaAttempts,
    passwordAttempts: createPasswordAttempts(ctx.database.db, ctx.config),
    onNotified: notifyOwner,
  });
  registerAccountSecurityRoutes(app, {
    accountSecurity: createAccountSecurityService({
      db: ctx.database.db,
      adminSession,
      onSessionsRevoked: (ids) => ctx.realtime.disconnectSessions(ids),
    }),
    guards,
  });
  registerAddressBookRoutes(app, {
    addressBook: createAddressBookService({ db: ctx.database.db, twoFactor, onNotified: notifyOwner }),
    guards,
    twofaAttempts,
    passwordAttempts: createPasswordAttempts(ctx.database.db, ctx.config),
  });

  registerChanges(app, ctx, guards, changes);

  // Dual control and the user's wallet value non-USDT amounts at the reference price; the market
  // registers further down.
  let referencePrices: ReferencePriceSource | undefined;
  const prices: ReferencePriceSource = {
    current: (symbol) =>
      referencePrices ? referencePrices.current(symbol) : Promise.reject(new Error('no market yet')),
  };
  const money = { db: ctx.database.db, realtime: ctx.realtime, prices };
  registerThresholdChanges(changes);
  registerThresholdRoutes(app, {
    thresholds: createThresholdsService({ db: ctx.database.db }),
    changes,
    guards,
  });
  registerPayoutApprovalRoutes(app, { db: ctx.database.db, guards });
  registerWalletRoutes(app, { wallet: createWalletService({ db: ctx.database.db, prices }), guards });
  registerDepositRoutes(app, { deposits: createDepositService(money), guards });
  registerWithdrawalRoutes(app, {
    withdrawals: createWithdrawalService({ ...money, twoFactor }),
    guards,
    twofaAttempts,
  });
  registerAdjustmentRoutes(app, {
    adjustments: createAdjustmentService({
      ...money,
      maxAmount: ctx.config.ADJUSTMENT_MAX_AMOUNT,
    }),
    guards,
  });

  const qrCodes = createQrCodeStore(path.join(ctx.config.DATA_DIR, 'uploads', 'qrcodes'));
  await registerChannelRoutes(app, {
    channels: createChannelsService({ db: ctx.database.db, qrCodes, changes }),
    guards,
  });
  registerAudit(app, ctx, guards);

  const uploadSigner = createUrlSigner(await loadUploadSigningSecret(ctx.config));
  await registerKycRoutes(app, {
    kyc: createKycService({
      db: ctx.database.db,
      realtime: ctx.realtime,
      documents: createImageStore(path.join(ctx.config.DATA_DIR, 'uploads', 'kyc')),
      signer: uploadSigner,
    }),
    guards,
  });
  registerJournalRoutes(app, { db: ctx.database.db, guards });
  registerNotificationRoutes(app, {
    notifications: createNotificationService({ db: ctx.database.db }),
    guards,
  });

  const accounts = {
    db: ctx.database.db,
    onSessionsRevoked: (ids: string[]) => ctx.realtime.disconnectSessions(ids),
  };
  registerAdminUsersRoutes(app, { adminUsers: createAdminUsersService(accounts), guards });
  registerAdminChanges(changes, accounts);
  registerAdminsRoutes(app, {
    admins: createAdminsService({ ...accounts, changes }),
    guards,
    activation: createActivationService({ db: ctx.database.db, twoFactor, changes }),
    twofaAttempts,
    config: ctx.config,
  });

  await registerHomeRoutes(app, {
    home: createHomeService({
      db: ctx.database.db,
      images: createImageStore(path.join(ctx.config.DATA_DIR, 'uploads', 'carousel')),
      signer: uploadSigner,
      realtime: ctx.realtime,
    }),
    guards,
    signer: uploadSigner,
  });
  // The support contact shown in the user app: a pending change (an insider could point it at themselves).
  registerSupportContact(app, { db: ctx.database.db, changes, guards });

  const market = await registerMarketData(app, ctx, guards);
  // The wallet overview values holdings at the reference price trading uses.
  const indexPrices = createReferencePrices({ db: ctx.database.db, index: market.index, now: ctx.clock.now });
  referencePrices = indexPrices;
  const dashboard = createDashboardService({ db: ctx.database.db, prices: referencePrices });
  registerMarketWatch(app, ctx, guards, {
    pairs: market.pairs,
    prices: indexPrices,
    onNotified: notifyOwner,
  });
  registerDashboardRoutes(app, { dashboard, guards });
  registerSetupRoutes(app, { db: ctx.database.db, config: ctx.config, guards });
  const options = createOptionConfigService({ db: ctx.database.db });
  registerOptionConfigChanges(changes, options, ctx.config.MAX_PAYOUT_RATE);
  registerOptionConfigRoutes(app, { options, changes, guards });
  registerTrading(app, ctx, guards, { ...market, options, changes });
  registerTeam(app, ctx, guards, changes);
  registerReconciliation(app, ctx, guards);
  registerPor(app, ctx, guards);
  registerRisk(app, ctx, guards);

  return { auth, guards };
}
