import { getPorProof, getPorSnapshot, type PorBalances, type PorProof } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/request.ts';
import { QueryBody } from '../account/QueryBody.tsx';
import { AccountColumn } from '../account/useMe.tsx';
import { UserPage } from '../shell/UserPage.tsx';
import { type PorVerification, verifyPorProof } from './verifyProof.ts';

async function fetchProofAndSnapshot(signal: AbortSignal) {
  try {
    const proof = (await call(getPorProof, { query: {}, signal })).data;
    const { snapshot } = (
      await call(getPorSnapshot, { params: { id: proof.snapshot_id }, query: { limit: 1 }, signal })
    ).data;
    return { proof, snapshot, verification: await verifyPorProof(proof) };
  } catch (err) {
    // No snapshot yet, or no balance in it: said in words, not as a failure.
    if (err instanceof ApiError && err.status === 404) return { missing: err.message };
    throw err;
  }
}

/** 第 2（根） 层：… / Level 2 (root): …, in the language shown. */
function failureText(t: TFunction<'user'>, verification: PorVerification & { ok: false }): string {
  const { level, root, failure } = verification;
  const part = 'part' in failure ? t(`markets.por.part.${failure.part}`) : undefined;
  return t('markets.por.failedAt', {
    level: root ? t('markets.por.rootLevel', { level }) : level,
    reason: t(`markets.por.failure.${failure.kind}`, { ...failure, part }),
  });
}

function BalanceList({ balances, testId }: { balances: PorBalances; testId: string }) {
  const { t } = useTranslation('user');
  const entries = Object.entries(balances);
  if (entries.length === 0)
    return <Typography.Text type="secondary">{t('markets.por.none')}</Typography.Text>;
  return (
    <Flex vertical gap={2} data-testid={testId}>
      {entries.map(([currency, amount]) => (
        <Typography.Text key={currency} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {currency} {amount}
        </Typography.Text>
      ))}
    </Flex>
  );
}

function download(proof: PorProof) {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `por-proof-${proof.snapshot_id}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * 我的 → 资产证明 (/me/por, issue 36): the latest proof-of-liabilities snapshot, the user's balances
 * in it and the path to its root, checked here with Web Crypto (验证通过 / 验证失败), and the proof
 * as JSON for `node tools/por-verify.mjs` (docs/proof-of-liabilities.md).
 */
export default function PorPage() {
  const { t } = useTranslation('user');
  const query = useQuery({
    queryKey: ['por', 'proof'],
    queryFn: ({ signal }) => fetchProofAndSnapshot(signal),
  });
  return (
    <AccountColumn>
      <UserPage title={t('markets.por.title')} back="/me" testId="por-page">
        <QueryBody query={query} errorTitle={t('markets.por.loadFailed')} testId="por-error">
          {(data) =>
            'missing' in data ? (
              <Card size="small">
                <Empty description={data.missing} data-testid="por-missing" />
              </Card>
            ) : (
              <>
                {data.verification.ok ? (
                  <Alert
                    type="success"
                    showIcon
                    title={t('markets.por.verified')}
                    description={t('markets.por.verifiedDetail')}
                    data-testid="por-verified"
                  />
                ) : (
                  <Alert
                    type="error"
                    showIcon
                    title={t('markets.por.failed')}
                    description={failureText(t, data.verification)}
                    data-testid="por-failed"
                  />
                )}
                <Card size="small" title={t('markets.por.balances')}>
                  <BalanceList balances={data.proof.leaf.balances} testId="por-balances" />
                </Card>
                <Card size="small" title={t('markets.por.snapshot')}>
                  <Descriptions column={1} size="small">
                    <Descriptions.Item label={t('markets.por.snapshotId')}>
                      {data.snapshot.id}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('markets.por.takenAt')}>
                      {formatDateTime(data.snapshot.taken_at)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('markets.por.users')}>
                      {data.snapshot.leaf_count}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('markets.por.totals')}>
                      <BalanceList balances={data.snapshot.totals} testId="por-totals" />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('markets.por.root')}>
                      <Typography.Text
                        code
                        copyable
                        style={{ wordBreak: 'break-all' }}
                        data-testid="por-root"
                      >
                        {data.proof.root}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('markets.por.pathLength')}>
                      {data.proof.path.length}
                    </Descriptions.Item>
                  </Descriptions>
                </Card>
                <Button onClick={() => download(data.proof)} data-testid="por-download">
                  {t('markets.por.download')}
                </Button>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }}>
                  {t('markets.por.offline')}
                  {`node tools/por-verify.mjs por-proof-${data.proof.snapshot_id}.json`}
                </Typography.Paragraph>
              </>
            )
          }
        </QueryBody>
      </UserPage>
    </AccountColumn>
  );
}
