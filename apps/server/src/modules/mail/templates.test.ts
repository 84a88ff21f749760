import { describe, expect, it } from 'vitest';
import { noticeMail, passwordResetMail, verificationMail } from './templates.ts';

/** The mails in the recipient's language (issue 38, docs/i18n.md): users.language, else zh-CN. */
const CJK = /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/;

describe('mail templates', () => {
  it('keep the Chinese wording by default', () => {
    const mail = passwordResetMail('a@example.com', 'https://x.test/reset?token=t');
    expect(mail.subject).toBe('【数字资产交易平台】重置登录密码');
    expect(mail.text).toBe(
      [
        '您好：',
        '',
        '我们收到了重置您登录密码的请求。请点击下面的链接设置新密码，链接15分钟内有效，只能使用一次。重置后所有设备都将退出登录。',
        '',
        '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
        '',
        '重置密码：',
        'https://x.test/reset?token=t',
        '',
        '此邮件由数字资产交易平台自动发送，请勿回复。',
      ].join('\n'),
    );
    expect(mail.html).toContain('如果按钮无法打开，请复制以下链接到浏览器：<br>https://x.test/reset?token=t');
  });

  it('speak English to an English reader, every part of them', () => {
    const reset = passwordResetMail('a@example.com', 'https://x.test/reset?token=t', 'en');
    expect(reset.subject).toBe('[Digital Asset Exchange] Reset your login password');
    expect(reset.text).toContain('valid for 15 minutes');
    expect(reset.text.startsWith('Hello,\n')).toBe(true);
    expect(reset.text).toContain('Reset password:\nhttps://x.test/reset?token=t');
    const verify = verificationMail('a@example.com', 'https://x.test/verify-email?token=t', 'en');
    expect(verify.subject).toBe('[Digital Asset Exchange] Verify your email address');
    expect(verify.text).toContain('valid for 24 hours');
    const notice = noticeMail(
      'a@example.com',
      { title: 'Login password changed', body: 'Your login password was changed.' },
      'https://x.test/me/security',
      'en',
    );
    expect(notice.subject).toBe('[Digital Asset Exchange] Login password changed');
    expect(notice.text).toContain('View security centre:');
    for (const mail of [reset, verify, notice]) {
      expect(mail.subject + mail.text + mail.html).not.toMatch(CJK);
    }
  });
});
