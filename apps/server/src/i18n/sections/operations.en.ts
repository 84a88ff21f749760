import type { CatalogueOf } from '../i18n.ts';
import type { operationsZh } from './operations.zh-CN.ts';

/** sections/operations.zh-CN.ts in English: the same keys (its type says so). */
export const operationsEn: CatalogueOf<typeof operationsZh> = {
  database: {
    silent: 'no answer within {{ms}} ms',
    failed: 'query failed ({{error}})',
    cut: 'connection lost ({{error}})',
    unreachable: 'cannot connect ({{error}})',
    closed: 'connection closed',
    resources: 'out of resources ({{code}}{{what}})',
    resource: {
      diskFull: ': disk full',
      outOfMemory: ': out of memory',
      tooManyConnections: ': too many connections',
      configurationLimit: ': configuration limit exceeded',
    },
  },
  clock: {
    skewed:
      "This instance's clock is {{skewMs}} ms off the database's ({{allowedMs}} ms allowed): it records no prices and settles nothing",
  },
};
