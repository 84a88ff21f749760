import { describe, expect, it } from 'vitest';
import { attachmentDisposition, csvCell, csvLine, salaryCsvHead, salaryCsvRow } from './salary-csv.ts';

/** A candidate with counts, at level 2 (its paid level and amount given per case). */
const base = {
  userId: 1,
  email: 'a@example.com',
  inviteCode: 'ABC123',
  salaryLevel: 2,
  salaryAmount: '100',
  directReferrals: 4,
  chargedDirectReferrals: 3,
  teamMembers: 6,
  chargedTeamMembers: 5,
  conversionRate: 83.33,
  firstApproval: null,
};

describe('salary CSV', () => {
  it('quotes what must be quoted and neutralises formula starts', () => {
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+86 123')).toBe("'+86 123");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvLine(['a', 'b,c', 3])).toBe('a,"b,c",3\r\n');
  });

  it('starts with the byte-order mark and the Chinese header', () => {
    expect(salaryCsvHead()).toBe(
      '\uFEFF用户邮箱,邀请码,工资等级,应发金额,直推人数,直推充值人数,团队人数,团队充值人数,转化率(%),发放状态,发放时间\r\n',
    );
  });

  it('writes a candidate with the paid level and amount, in Beijing time', () => {
    expect(salaryCsvRow({ ...base, paid: null })).toBe(
      'a@example.com,ABC123,L2,100,4,3,6,5,83.33,未发放,\r\n',
    );
    expect(
      salaryCsvRow({ ...base, paid: { level: 1, amount: '30', paid_at: '2025-01-01T16:30:00.000Z' } }),
    ).toBe('a@example.com,ABC123,L1,30,4,3,6,5,83.33,已发放,2025-01-02 00:30:00\r\n');
  });

  it('in English: the header and the payout status in the requesting admin’s language', () => {
    const head = salaryCsvHead('en');
    expect(head).toBe(
      '\uFEFFUser email,Invite code,Salary level,Amount due,Direct referrals,Direct referrals who deposited,Team members,Team members who deposited,Conversion rate (%),Payout status,Paid at\r\n',
    );
    expect(salaryCsvRow({ ...base, paid: null }, 'en')).toBe(
      'a@example.com,ABC123,L2,100,4,3,6,5,83.33,Not paid,\r\n',
    );
    const paid = { level: 1, amount: '30', paid_at: '2025-01-01T16:30:00.000Z' };
    expect(salaryCsvRow({ ...base, paid }, 'en')).toContain(',Paid,');
    expect(head + salaryCsvRow({ ...base, paid }, 'en')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('names the attachment plainly and in UTF-8', () => {
    expect(attachmentDisposition('salary-2025-01-01.csv')).toBe(
      `attachment; filename="salary-2025-01-01.csv"; filename*=UTF-8''salary-2025-01-01.csv`,
    );
    expect(attachmentDisposition('工资 "x".csv')).toBe(
      `attachment; filename="____x_.csv"; filename*=UTF-8''%E5%B7%A5%E8%B5%84%20%22x%22.csv`,
    );
  });
});
