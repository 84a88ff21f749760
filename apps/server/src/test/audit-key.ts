/** The AUDIT_CHAIN_KEY of test servers, in-process and spawned (a process seals with one key). */
export const TEST_AUDIT_CHAIN_KEY = 'test-audit-chain-key-0123456789abcdef';
