import { getPorProof, getPorSnapshot, type PorBalances, type PorProof } from '@platform/contracts';
import { formatDateTime } from '@platform/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Typography } from 'antd';
import { ApiError, call } from '../../lib/request.ts';
import { QueryBody } from '../account/QueryBody.tsx';
import { AccountColumn } from '../account/useMe.tsx';
import { UserPage } from '../shell/UserPage.tsx';
import { verifyPorProof } from './verifyProof.ts';

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

function BalanceList({ balances, testId }: { balances: PorBalances; testId: string }) {
  const entries = Object.entries(balances);
  if (entries.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
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
  const query = useQuery({
    queryKey: ['por', 'proof'],
    queryFn: ({ signal }) => fetchProofAndSnapshot(signal),
  });
  return (
    <AccountColumn>
      <UserPage title="资产证明" back="/me" testId="por-page">
        <QueryBody query={query} errorTitle="资产证明加载失败" testId="por-error">
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
                    title="验证通过"
                    description="您的余额已计入本次快照的用户负债合计：逐层计算的根哈希与公布的根哈希一致。"
                    data-testid="por-verified"
                  />
                ) : (
                  <Alert
                    type="error"
                    showIcon
                    title="验证失败"
                    description={`第 ${data.verification.level} 层：${data.verification.reason}`}
                    data-testid="por-failed"
                  />
                )}
                <Card size="small" title="我的余额">
                  <BalanceList balances={data.proof.leaf.balances} testId="por-balances" />
                </Card>
                <Card size="small" title="快照">
                  <Descriptions column={1} size="small">
                    <Descriptions.Item label="快照编号">{data.snapshot.id}</Descriptions.Item>
                    <Descriptions.Item label="快照时间">
                      {formatDateTime(data.snapshot.taken_at)}
                    </Descriptions.Item>
                    <Descriptions.Item label="用户数">{data.snapshot.leaf_count}</Descriptions.Item>
                    <Descriptions.Item label="用户负债合计">
                      <BalanceList balances={data.snapshot.totals} testId="por-totals" />
                    </Descriptions.Item>
                    <Descriptions.Item label="根哈希">
                      <Typography.Text
                        code
                        copyable
                        style={{ wordBreak: 'break-all' }}
                        data-testid="por-root"
                      >
                        {data.proof.root}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label="路径层数">{data.proof.path.length}</Descriptions.Item>
                  </Descriptions>
                </Card>
                <Button onClick={() => download(data.proof)} data-testid="por-download">
                  下载证明（JSON）
                </Button>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }}>
                  也可以用开源校验工具离线验证：node tools/por-verify.mjs por-proof-{data.proof.snapshot_id}
                  .json
                </Typography.Paragraph>
              </>
            )
          }
        </QueryBody>
      </UserPage>
    </AccountColumn>
  );
}
