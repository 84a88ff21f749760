/**
 * `npm run audit:verify`: recomputes the audit log's hash chain on the configured database, checks
 * every row's seal with the key (AUDIT_CHAIN_KEY, or DATA_DIR/audit-chain-key: give it the same
 * configuration as the server) and the chain against the checkpoints in AUDIT_CHECKPOINT_DIR
 * (default DATA_DIR/audit-checkpoints). Exit 0 when it verifies, 1 when it is broken (the first
 * broken row or checkpoint named), 2 when the database or the key cannot be opened or the check
 * itself fails.
 */
import { pathToFileURL } from 'node:url';
import type { AuditChainState } from '@platform/contracts';
import { runVerifyCli } from '../../db/verify-cli.ts';
import { verifyAuditChain } from './audit.chain.ts';
import { checkpointDirOf, readCheckpoints } from './audit.checkpoints.ts';
import { loadAuditChainKey } from './audit.key.ts';

/** The report lines and exit code of one verification result. */
export function describeAuditChain(where: string, result: AuditChainState, ms: number) {
  const lines = [
    `audit:verify on ${where}: ${result.rows} rows checked in ${ms} ms (head seq ${result.head.seq})`,
  ];
  if (result.ok) {
    lines.push(
      'OK: every audit row is chained and sealed with the key, none is missing, changed or reordered, and every checkpoint matches.',
    );
    return { code: 0, lines, errors: [] as string[] };
  }
  const b = result.first_broken;
  const errors = [
    `FAILED: the audit chain is broken at ${b?.id === null || b?.id === undefined ? 'a missing row' : `id ${b.id}`}` +
      `${b?.seq === null || b?.seq === undefined ? '' : ` (seq ${b.seq})`}: ${b?.reason ?? ''}`,
  ];
  return { code: 1, lines, errors };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runVerifyCli('audit:verify', async (db, where, config) => {
    const started = Date.now();
    const key = loadAuditChainKey(config, { create: false });
    const checkpointDir = checkpointDirOf(config);
    const checkpoints = readCheckpoints(checkpointDir).checkpoints.length;
    console.log(`audit:verify: key ${key.keyId}, ${checkpoints} checkpoints in ${checkpointDir}`);
    if (checkpoints === 0) {
      console.warn('WARNING: no checkpoint: rows deleted at the end of the log cannot be detected.');
    }
    const result = await verifyAuditChain(db, { key, checkpointDir });
    const report = describeAuditChain(where, result, Date.now() - started);
    for (const line of report.lines) console.log(line);
    for (const line of report.errors) console.error(line);
    return report.code;
  });
}
