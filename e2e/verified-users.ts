/** KYC-approved users that e2e/fixtures/seed-verified-users.ts creates before the server starts; one per test that withdraws. */
export const VERIFIED_USER_COUNT = 10;
export const verifiedUser = (n: number) => ({
  email: `e2e-verified-${String(n).padStart(2, '0')}@example.com`,
  password: 'e2e-user-password',
});
