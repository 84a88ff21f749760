/**
 * `npm run audit:verify`: recomputes the audit log's hash chain on the configured database.
 * Exit 0 when the chain verifies, 1 when it is broken (the first broken row named), 2 when the
 * database cannot be opened or the check itself fails.
 */
import { pathToFileURL } from 'node:url';
import type { AuditChainState } from '@platform/contracts';
import { runVerifyCli } from '../../db/verify-cli.ts';
import { verifyAuditChain } from './audit.chain.ts';

/** The report lines and exit code of one verification result. */
export function describeAuditChain(where: string, result: AuditChainState, ms: number) {
  const lines = [
    `audit:verify on ${where}: ${result.rows} rows checked in ${ms} ms (head seq ${result.head.seq})`,
  ];
  if (result.ok) {
    lines.push('OK: every audit row is chained, no row is missing, changed or reordered.');
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
  process.exitCode = await runVerifyCli('audit:verify', async (db, where) => {
    const started = Date.now();
    const report = describeAuditChain(where, await verifyAuditChain(db), Date.now() - started);
    for (const line of report.lines) console.log(line);
    for (const line of report.errors) console.error(line);
    return report.code;
  });
}
