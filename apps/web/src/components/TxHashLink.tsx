import { Tooltip, Typography } from 'antd';
import { explorerUrl, shortenHash } from '../lib/blockExplorer.ts';

/** A tx hash: a link to its block explorer (new tab) when the hash can be placed, else the text. */
export function TxHashLink({ hash, full = false }: { hash: string | null; full?: boolean }) {
  if (!hash) return <Typography.Text type="secondary">-</Typography.Text>;
  const url = explorerUrl(hash);
  const text = full ? hash : shortenHash(hash);
  if (!url) {
    return (
      <Tooltip title={hash}>
        <Typography.Text copyable={{ text: hash }} style={full ? { wordBreak: 'break-all' } : undefined}>
          {text}
        </Typography.Text>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={full ? undefined : hash}>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        style={full ? { wordBreak: 'break-all' } : undefined}
      >
        {text}
      </a>
    </Tooltip>
  );
}
