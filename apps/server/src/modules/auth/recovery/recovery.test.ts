import {
  ADMIN_CHANGE_TEXTS,
  type AdminChange,
  CHANGE_TEXTS,
  PASSWORD_MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  RECOVERY_MESSAGES,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/rows.ts';
import {
  api,
  createAdmin,
  createApprover,
  createTestApp,
  registerUser,
  TEST_USER_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../../test/app.ts';
import { testEngine } from '../../../test/database.ts';
import { login } from '../../../test/fixtures.ts';
import { linkToken, startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { changesOf } from '../../changes/changes.module.ts';
import { hashToken } from '../tokens.ts';

/**
 * Account recovery and e-mail (issue 33, docs/mail.md), against a local SMTP server: the mails
 * arrive with their links; a reset link works once and only in time; 忘记密码 answers alike for
 * any e-mail; of 50 parallel resets with one link exactly one wins. A super admin's support link is a
 * proposal (issue 32): it works only once a second super admin approves it or its 24 h delay passes.
 */

const PUBLIC_URL = 'https://exchange.example.test';
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, PASSWORD_FORGOT_RATE_LIMIT_PER_HOUR: '1000' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const forgot = (email: string) => api(t.app, 'POST', '/api/auth/password/forgot', { body: { email } });
const reset = (token: string, password: string) =>
  api(t.app, 'POST', '/api/auth/password/reset', { body: { token, password } });
const isReset = (m: { subject: string }) => m.subject.includes('重置登录密码');
type ResetLinkProposal = { change: AdminChange; reset_link: { link: string; valid_minutes: number } };
const issueLink = (userId: number, token: string) =>
  api<ResetLinkProposal>(t.app, 'POST', `/api/admin/users/${userId}/password-reset-link`, { token });
const decide = (id: number, verb: 'approve' | 'reject' | 'cancel', token: string) =>
  api(t.app, 'POST', `/api/admin/changes/${id}/${verb}`, { token, body: {} });

async function resetTokenFor(email: string) {
  const res = await forgot(email);
  expect(res.status).toBe(200);
  return linkToken(await smtp.waitFor(email, isReset), '/reset-password');
}

describe(`account recovery and e-mail (${testEngine})`, () => {
  it('mails a verification link at registration; the link verifies the e-mail once', async () => {
    const u = await registerUser(t.app);
    expect(
      (await api<{ user: { email_verified: boolean } }>(t.app, 'GET', '/api/auth/me', { token: u.token }))
        .body.data?.user.email_verified,
    ).toBe(false);
    const mail = await smtp.waitFor(u.email, (m) => m.subject.includes('请验证您的邮箱'));
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(mail.html).toContain(`${PUBLIC_URL}/verify-email?token=`);
    const token = linkToken(mail, '/verify-email');

    const verified = await api(t.app, 'POST', '/api/auth/email/verify', { body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(RECOVERY_MESSAGES.verifyDone);
    const me = await api<{ user: { email_verified: boolean } }>(t.app, 'GET', '/api/auth/me', {
      token: u.token,
    });
    expect(me.body.data?.user.email_verified).toBe(true);

    const again = await api(t.app, 'POST', '/api/auth/email/verify', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RECOVERY_MESSAGES.verifyLinkInvalid);
    const resend = await api(t.app, 'POST', '/api/auth/email/verification', { token: u.token });
    expect(resend.status).toBe(400);
    expect(resend.body.message).toBe(RECOVERY_MESSAGES.alreadyVerified);
  });

  it('resends the verification mail at most once a minute', async () => {
    const u = await registerUser(t.app);
    await smtp.waitFor(u.email);
    const tooSoon = await api(t.app, 'POST', '/api/auth/email/verification', { token: u.token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toBe(RECOVERY_MESSAGES.tooManyRequests);
    await t.database.db.execute(
      sql`UPDATE account_tokens SET created_at = now() - interval '2 minutes' WHERE email = ${u.email}`,
    );
    const resent = await api(t.app, 'POST', '/api/auth/email/verification', { token: u.token });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(RECOVERY_MESSAGES.verificationSent);
    const verificationMails = () =>
      smtp.mails.filter((m) => m.to.includes(u.email) && m.subject.includes('请验证您的邮箱'));
    await expect.poll(() => verificationMails().length).toBe(2);
    // Only the newest link works.
    const [older, newer] = verificationMails().map((m) => linkToken(m, '/verify-email'));
    expect((await api(t.app, 'POST', '/api/auth/email/verify', { body: { token: older } })).status).toBe(400);
    expect((await api(t.app, 'POST', '/api/auth/email/verify', { body: { token: newer } })).status).toBe(200);
  });

  it('answers 忘记密码 for an unknown e-mail exactly as for a known one, and mails only the known', async () => {
    const u = await registerUser(t.app);
    const unknown = uniqueEmail('nobody');
    const known = await forgot(u.email);
    const stranger = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual(known.body);
    expect(known.body.message).toBe(RECOVERY_MESSAGES.forgotSent);
    await smtp.waitFor(u.email, isReset);
    expect(smtp.mails.some((m) => m.to.includes(unknown))).toBe(false);
    // An admin's account answers alike and gets no link (admins recover through activation links).
    const admin = await createAdmin(t, 'admin');
    expect((await forgot(admin.email)).body).toEqual(known.body);
  });

  it('resets the password once through the link: every session revoked, the owner notified by mail', async () => {
    const u = await registerUser(t.app);
    const other = await login(t, u.email, u.password);
    const token = await resetTokenFor(u.email);
    const mail = smtp.mails.find((m) => m.to.includes(u.email) && isReset(m));
    expect(mail?.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail?.text).toContain('15分钟内有效');

    const done = await reset(token, 'Fresh-start-42');
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(RECOVERY_MESSAGES.resetDone);
    for (const session of [u.token, other.body.data?.token]) {
      expect((await api(t.app, 'GET', '/api/auth/me', { token: session })).status).toBe(401);
    }
    expect((await login(t, u.email, u.password)).status).toBe(401);
    expect((await login(t, u.email, 'Fresh-start-42')).status).toBe(200);
    const notice = await smtp.waitFor(u.email, (m) => m.subject.includes('登录密码已通过重置链接重设'));
    expect(notice.text).toContain('前不能提现');

    const twice = await reset(token, 'Another-start-43');
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(RECOVERY_MESSAGES.resetLinkInvalid);
    expect((await login(t, u.email, 'Fresh-start-42')).status).toBe(200);
  });

  it('refuses expired, forged and superseded links and weak passwords, in Chinese, changing nothing', async () => {
    const u = await registerUser(t.app);
    const token = await resetTokenFor(u.email);

    const weak = await reset(token, '123456');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain(PASSWORD_MESSAGES.tooShort);
    const common = await reset(token, 'password1');
    expect(common.status).toBe(400);
    expect(common.body.message).toContain(PASSWORD_MESSAGES.common);

    const forged = await reset(`${token.slice(0, -2)}xy`, 'Fresh-start-42');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(RECOVERY_MESSAGES.resetLinkInvalid);
    expect((await reset('', 'Fresh-start-42')).body.message).toContain(RECOVERY_MESSAGES.resetLinkInvalid);

    // 15 minutes by the database's clock.
    await t.database.db.execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(token)}`,
    );
    const expired = await reset(token, 'Fresh-start-42');
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(RECOVERY_MESSAGES.resetLinkInvalid);
    expect((await login(t, u.email, u.password)).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/auth/me', { token: u.token })).status).toBe(200);
  });

  it('lets exactly one of 50 parallel resets with one link win', async () => {
    const u = await registerUser(t.app);
    const token = await resetTokenFor(u.email);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => reset(token, `Parallel-pass-${i}`)),
    );
    const winners = replies.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(replies.filter((r) => r.status === 400)).toHaveLength(49);
    for (const r of replies.filter((r) => r.status === 400)) {
      expect(r.body.message).toBe(RECOVERY_MESSAGES.resetLinkInvalid);
    }
    const won = replies.indexOf(winners[0]!);
    expect((await login(t, u.email, `Parallel-pass-${won}`)).status).toBe(200);
  });

  it('mails a notice of a login from a new device, not from a known one', async () => {
    const u = await registerUser(t.app, {}, { 'user-agent': 'phone-a' });
    expect((await login(t, u.email, u.password, { userAgent: 'phone-a' })).status).toBe(200);
    expect((await login(t, u.email, u.password, { userAgent: 'laptop-b' })).status).toBe(200);
    const notice = await smtp.waitFor(u.email, (m) => m.subject.includes('新设备登录提醒'));
    expect(notice.text).toContain('laptop-b');
    expect(
      smtp.mails.filter((m) => m.to.includes(u.email) && m.subject.includes('新设备登录提醒')),
    ).toHaveLength(1);
  });

  it("mails in the recipient's language: a reset link and a security notice in English", async () => {
    const u = await registerUser(t.app, {}, { 'user-agent': 'phone-a' });
    const chosen = await api(t.app, 'PUT', '/api/me/language', { token: u.token, body: { language: 'en' } });
    expect(chosen.status).toBe(200);
    expect((await forgot(u.email)).status).toBe(200);
    const resetMail = await smtp.waitFor(u.email, (m) => m.subject.includes('Reset your login password'));
    expect(resetMail.subject).toBe('[Digital Asset Exchange] Reset your login password');
    expect(resetMail.text).toContain(`valid for ${PASSWORD_RESET_TTL_MINUTES} minutes`);
    expect(resetMail.text).not.toMatch(/[\u3400-\u9fff]/);
    expect((await login(t, u.email, u.password, { userAgent: 'laptop-b' })).status).toBe(200);
    const notice = await smtp.waitFor(u.email, (m) => m.text.includes('View security centre'));
    expect(notice.subject.startsWith('[Digital Asset Exchange] ')).toBe(true);
    expect(notice.text).toContain('laptop-b');
  });

  it('a super admin only proposes a reset link: it works once a second super admin approves, for 15 minutes, once', async () => {
    const u = await registerUser(t.app);
    const admin = await createAdmin(t, 'admin');
    const refused = await issueLink(u.user.id, admin.token);
    expect(refused.status).toBe(403);
    const superAdmin = await createAdmin(t, 'super_admin');
    const second = await createApprover(t, 'super_admin');

    const issued = await issueLink(u.user.id, superAdmin.token);
    expect(issued.status).toBe(202);
    expect(issued.body.message).toContain(ADMIN_CHANGE_TEXTS.proposed);
    const { change, reset_link } = issued.body.data!;
    expect(change).toMatchObject({
      kind: 'user.password_reset_link',
      status: 'pending',
      target_id: String(u.user.id),
    });
    expect(reset_link.link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));
    expect(reset_link.valid_minutes).toBe(PASSWORD_RESET_TTL_MINUTES);
    const token = new URL(reset_link.link).searchParams.get('token')!;
    // Neither the token nor its hash is shown with the change.
    expect(JSON.stringify(change)).not.toContain(token);
    expect(JSON.stringify(change)).not.toContain(hashToken(token));

    // Before the approval the link does nothing but say so.
    const early = await reset(token, 'Support-set-77');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(RECOVERY_MESSAGES.resetAwaitingApproval);
    expect(early.body.message).toContain('等待另一位超级管理员批准');
    expect((await login(t, u.email, u.password)).status).toBe(200);
    expect((await decide(change.id, 'approve', superAdmin.token)).status).toBe(403);
    // A plain admin may neither approve nor reject a super admin's change.
    expect((await decide(change.id, 'approve', admin.token)).status).toBe(403);

    expect((await decide(change.id, 'approve', second.token)).status).toBe(200);
    // Its 15 minutes run from the approval, by the database's clock.
    const [row] = await queryRows<{ fresh: boolean; issued_by: unknown }>(
      t.database.db,
      sql`SELECT expires_at > now() + interval '14 minutes' AS fresh, issued_by FROM account_tokens
          WHERE token_hash = ${hashToken(token)}`,
    );
    expect(row?.fresh).toBe(true);
    expect(Number(row?.issued_by)).toBe(superAdmin.id);
    const audit = await queryRows<{ action: string; admin_id: unknown; target_id: string }>(
      t.database.db,
      sql`SELECT action, admin_id, target_id, after FROM audit_logs
          WHERE admin_id IN (${superAdmin.id}, ${second.id}) ORDER BY id`,
    );
    expect(audit.map((r) => [r.action, Number(r.admin_id)])).toEqual([
      ['change.propose', superAdmin.id],
      ['user.password_reset_link', second.id],
      ['change.approve', second.id],
    ]);
    expect(audit.find((r) => r.action === 'user.password_reset_link')?.target_id).toBe(String(u.user.id));
    expect(JSON.stringify(audit)).not.toContain(token);

    expect((await reset(token, 'Support-set-77')).status).toBe(200);
    expect((await login(t, u.email, 'Support-set-77')).status).toBe(200);
    const twice = await reset(token, 'Support-set-78');
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(RECOVERY_MESSAGES.resetLinkInvalid);

    // Nothing is proposed for an admin's account or one that does not exist.
    const forAdmin = await issueLink(admin.id, superAdmin.token);
    expect(forAdmin.status).toBe(400);
    expect((await issueLink(999999, superAdmin.token)).status).toBe(404);
  });

  it('in English: the reset link’s proposal, its message and its before and after in the admin’s language', async () => {
    const u = await registerUser(t.app);
    const superAdmin = await createAdmin(t, 'super_admin');
    await createApprover(t, 'super_admin');
    const headers = { 'accept-language': 'en' };
    const issued = await api<ResetLinkProposal>(
      t.app,
      'POST',
      `/api/admin/users/${u.user.id}/password-reset-link`,
      { token: superAdmin.token, headers },
    );
    expect(issued.status).toBe(202);
    expect(issued.body.message).toBe(
      `Submitted; waiting for another super admin to approve. The reset link is shown only this once; once approved it is valid for ${PASSWORD_RESET_TTL_MINUTES} minutes and works once`,
    );
    const { change } = issued.body.data!;
    expect(change.before).toEqual({ [u.user.email]: 'Current login password valid' });
    expect(change.after).toEqual({
      [u.user.email]:
        `One-time password reset link in force (valid for ${PASSWORD_RESET_TTL_MINUTES} minutes, works once)`,
    });
    const inChinese = await issueLink(u.user.id, superAdmin.token);
    expect(inChinese.body.data!.change.before).toEqual({ [u.user.email]: '现有登录密码有效' });
    expect(inChinese.body.data!.change.after).toEqual({
      [u.user.email]: `一次性重置密码链接生效（${PASSWORD_RESET_TTL_MINUTES}分钟内有效，只能使用一次）`,
    });
    expect(inChinese.body.message).toBe(`${ADMIN_CHANGE_TEXTS.proposed}。${RECOVERY_MESSAGES.resetLinkOnce}`);
  });

  it('a rejected, cancelled or stale proposal never makes its link work', async () => {
    const u = await registerUser(t.app);
    const superAdmin = await createAdmin(t, 'super_admin');
    const second = await createApprover(t, 'super_admin');
    const propose = async () => {
      const issued = await issueLink(u.user.id, superAdmin.token);
      expect(issued.status).toBe(202);
      const { change, reset_link } = issued.body.data!;
      return { id: change.id, token: new URL(reset_link.link).searchParams.get('token')! };
    };
    const neverWorks = async (token: string) => {
      const res = await reset(token, 'Taken-over-99');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(RECOVERY_MESSAGES.resetNotApproved);
      expect(res.body.message).toContain('未获批准');
    };

    const rejected = await propose();
    expect((await decide(rejected.id, 'reject', second.token)).status).toBe(200);
    await neverWorks(rejected.token);
    const cancelled = await propose();
    expect((await decide(cancelled.id, 'cancel', superAdmin.token)).status).toBe(200);
    await neverWorks(cancelled.token);

    // Rechecked at the approval: a user deleted meanwhile gets no link (409, the change stale).
    const stale = await propose();
    await t.database.db.execute(
      sql`UPDATE users SET is_active = false, deleted_at = now() WHERE id = ${u.user.id}`,
    );
    const approved = await decide(stale.id, 'approve', second.token);
    expect(approved.status).toBe(409);
    expect(approved.body.message).toBe('用户不存在');
    await neverWorks(stale.token);
    const [count] = await queryRows<{ n: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM account_tokens WHERE user_id = ${u.user.id} AND issued_by IS NOT NULL`,
    );
    expect(Number(count?.n)).toBe(0);
  });

  it('refuses a weak password at registration', async () => {
    const res = await api(t.app, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: '123456' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(PASSWORD_MESSAGES.tooShort);
    expect(TEST_USER_PASSWORD).not.toBe('secret123');
  });
});

describe(`a lone super admin's reset link waits 24 h (${testEngine})`, () => {
  let lone: TestApp;
  beforeAll(async () => {
    lone = await createTestApp();
  });
  afterAll(async () => lone?.close());

  it('is delayed with every admin told, works only once the job applies it, and a plain admin cannot approve it', async () => {
    const boss = await createApprover(lone, 'super_admin');
    const watcher = await createApprover(lone, 'admin');
    const u = await registerUser(lone.app);
    const issued = await api<ResetLinkProposal>(
      lone.app,
      'POST',
      `/api/admin/users/${u.user.id}/password-reset-link`,
      { token: boss.token },
    );
    expect(issued.status).toBe(202);
    expect(issued.body.message).toContain(CHANGE_TEXTS.delayed);
    const { change, reset_link } = issued.body.data!;
    expect(change.status).toBe('delayed');
    // Without PUBLIC_URL the link is this server's path.
    expect(reset_link.link).toMatch(/^\/reset-password\?token=/);
    const token = new URLSearchParams(reset_link.link.split('?')[1]).get('token')!;
    const resetLone = (password: string) =>
      api(lone.app, 'POST', '/api/auth/password/reset', { body: { token, password } });

    const approveAsPlain = await api(lone.app, 'POST', `/api/admin/changes/${change.id}/approve`, {
      token: watcher.token,
    });
    expect(approveAsPlain.status).toBe(403);
    expect((await resetLone('Lone-set-55')).body.message).toBe(RECOVERY_MESSAGES.resetAwaitingApproval);
    const jobs = changesOf(lone.app);
    expect(await jobs.applyDue(new Date())).toBe(0);
    expect((await resetLone('Lone-set-55')).body.message).toBe(RECOVERY_MESSAGES.resetAwaitingApproval);
    expect(await jobs.applyDue(new Date(Date.now() + 24 * 3_600_000 + 60_000))).toBe(1);
    expect((await resetLone('Lone-set-55')).status).toBe(200);
    const signedIn = await api(lone.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: 'Lone-set-55' },
    });
    expect(signedIn.status).toBe(200);
  });
});

describe(`without SMTP (${testEngine})`, () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ PASSWORD_FORGOT_RATE_LIMIT_PER_HOUR: '2' });
  });
  afterAll(async () => plain?.close());

  it('answers 忘记密码 alike, limits it per IP, and refuses 重新发送 with a Chinese reason', async () => {
    const u = await registerUser(plain.app);
    const first = await api(plain.app, 'POST', '/api/auth/password/forgot', { body: { email: u.email } });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(RECOVERY_MESSAGES.forgotSent);
    await api(plain.app, 'POST', '/api/auth/password/forgot', { body: { email: u.email } });
    const third = await api(plain.app, 'POST', '/api/auth/password/forgot', { body: { email: u.email } });
    expect(third.status).toBe(429);
    const resend = await api(plain.app, 'POST', '/api/auth/email/verification', { token: u.token });
    expect(resend.status).toBe(400);
    expect(resend.body.message).toBe(RECOVERY_MESSAGES.mailNotConfigured);
  });
});
