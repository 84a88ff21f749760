import { Flex, Spin } from 'antd';

/** The spinner shown while a lazy screen (or a decision) is pending. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: fullScreen ? '100vh' : 240 }}
      data-testid="page-loading"
    >
      <Spin size="large" />
    </Flex>
  );
}
