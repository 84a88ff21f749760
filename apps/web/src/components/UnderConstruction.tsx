import { ToolOutlined } from '@ant-design/icons';
import { Card, Result, Typography } from 'antd';

/** The honest placeholder for a screen that later work will build: its name and 建设中. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Card data-testid="under-construction">
      <Result icon={<ToolOutlined />} title={title} subTitle="建设中">
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
          此页面正在开发，暂无可显示的内容。
        </Typography.Paragraph>
      </Result>
    </Card>
  );
}
