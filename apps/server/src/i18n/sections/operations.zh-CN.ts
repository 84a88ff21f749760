/**
 * What the instance says about itself (issue 38): why the database does not answer and why the
 * clock keeps the instance out of the pool, in /api/health's 503 (the reader's language) and the
 * logs (English). db/client.ts, db/reachability.ts and db/db-clock.ts keep them as messages.
 */
export const operationsZh = {
  database: {
    silent: '数据库无应答（{{ms}} ms 内未响应）',
    failed: '数据库不可用（{{error}}）',
    cut: '数据库连接中断（{{error}}）',
    unreachable: '数据库无法连接（{{error}}）',
    closed: '数据库连接已关闭',
    /** A class 53 SQLSTATE (insufficient resources): its code, and what it means when known. */
    resources: '数据库资源不足（{{code}}{{what}}）',
    resource: {
      diskFull: ' 磁盘已满',
      outOfMemory: ' 内存不足',
      tooManyConnections: ' 连接数已满',
      configurationLimit: ' 超出配置限制',
    },
  },
  clock: {
    skewed: '本实例时钟与数据库相差 {{skewMs}} ms（允许 {{allowedMs}} ms）：不记录价格、不结算',
  },
} as const;
