import { CustomerServiceOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SupportContactValue, useSupportContact } from '../../components/SupportContact.tsx';
import { MENU_ICON_STYLE, MENU_ROW_STYLE } from './menuRow.ts';

/** 我的 → 联系客服: the operator's contact (a link opens it, a handle can be copied), or 暂未配置. */
export function SupportMenuRow() {
  const contact = useSupportContact();
  const { t } = useTranslation('user');
  return (
    <div data-testid="me-support" style={MENU_ROW_STYLE}>
      <span style={MENU_ICON_STYLE}>
        <CustomerServiceOutlined />
      </span>
      <span style={{ fontSize: 15, whiteSpace: 'nowrap' }}>{t('me.support')}</span>
      {contact.data ? (
        <span
          style={{
            flex: 1,
            minWidth: 0,
            textAlign: 'right',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          <Typography.Text type="secondary" style={{ marginRight: 6 }}>
            {contact.data.label}
          </Typography.Text>
          <SupportContactValue contact={contact.data} />
        </span>
      ) : (
        <Typography.Text type="secondary" style={{ flex: 1, textAlign: 'right' }}>
          {contact.isPending ? '' : t('me.supportNotSet')}
        </Typography.Text>
      )}
    </div>
  );
}
