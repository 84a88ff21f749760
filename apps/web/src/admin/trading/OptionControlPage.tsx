import type { OptionConfig } from '@platform/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorView } from '../../components/LoadErrorView.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { errorMessage } from '../../lib/request.ts';
import { IncompleteConfigView } from './options/IncompleteConfigView.tsx';
import { OptionEditor } from './options/OptionEditor.tsx';
import {
  fetchOptionConfig,
  IncompleteConfigError,
  OPTION_CONFIG_KEY,
  saveOptionConfig,
} from './options/optionApi.ts';

/** Any failure's text: the server's message or our own error's (an incomplete config), else the fallback. */
const reasonOf = (error: unknown, fallback: string) =>
  error instanceof IncompleteConfigError ? error.message : errorMessage(error, fallback);

/**
 * 期权控制 (spec 001 §2): the option product's parameters — master switch, maintenance mode,
 * Beijing-time windows, investment levels and level opening conditions — edited as one config and
 * saved whole. Outcomes follow the reference market price only (ARCHITECTURE.md,
 * "Fair settlement"), so nothing here decides who wins.
 */
export default function OptionControlPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const unknownReason = t('trading.unknownError');
  const [resetting, setResetting] = useState(false);

  // Edits live in the editor; a background refetch would throw them away, so the config is fetched
  // only on entry (fresh each visit), on 重置配置 and on retry.
  const query = useQuery({
    queryKey: OPTION_CONFIG_KEY,
    queryFn: ({ signal }) => fetchOptionConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const save = useMutation({
    mutationFn: saveOptionConfig,
    // A proposal: the config in force stays until another admin approves it (待生效变更).
    onSuccess: (change) => {
      message.success(t(change.status === 'delayed' ? 'trading.change.delayed' : 'trading.change.proposed'));
    },
    onError: (error) => {
      message.error(`${t('trading.options.saveFailed')}: ${errorMessage(error, unknownReason)}`);
    },
  });

  const reset = async () => {
    setResetting(true);
    try {
      const result = await query.refetch();
      if (result.isError) {
        message.error(`${t('trading.options.loadFailed')}: ${reasonOf(result.error, unknownReason)}`);
      } else {
        message.success(t('trading.options.reloaded'));
      }
    } finally {
      setResetting(false);
    }
  };

  if (query.isPending) return <PageLoading />;

  if (query.isError && !query.data) {
    const retry = () => void query.refetch();
    if (query.error instanceof IncompleteConfigError) {
      return (
        <IncompleteConfigView
          message={query.error.message}
          missing={query.error.missing}
          onRetry={retry}
          retrying={query.isFetching}
        />
      );
    }
    return (
      <LoadErrorView
        title={t('trading.options.loadFailed')}
        reason={errorMessage(query.error, '')}
        onRetry={retry}
        retrying={query.isFetching}
      />
    );
  }

  return (
    <OptionEditor
      // A new answer from the server (load, reset, save) starts a fresh draft from it.
      key={query.dataUpdatedAt}
      loaded={query.data}
      saving={save.isPending}
      resetting={resetting}
      onSave={(config: OptionConfig) => save.mutate(config)}
      onReset={() => void reset()}
    />
  );
}
