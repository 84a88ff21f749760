import { App, Descriptions, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionKeys } from '../../lib/idempotency.ts';
import { maskIdNumber } from '../../lib/idNumber.ts';
import { errorMessage } from '../../lib/request.ts';
import { KycDuplicateAlert } from './KycBits.tsx';
import { type AdminKycRequest, type KycReviewStatus, reviewKycRequest } from './kycApi.ts';

export interface KycReview {
  row: AdminKycRequest;
  action: KycReviewStatus;
}

export interface KycReviewModalProps {
  review: KycReview | null;
  onClose: () => void;
  /** After the call, success or not: the list reloads. */
  onDone: () => void;
}

/**
 * Approve (optional note) or reject (a reason is required after trimming) one pending application.
 * Success: 申请已通过 / 申请已拒绝; failure: 审核失败: {server message}; the list reloads either way.
 */
export function KycReviewModal({ review, onClose, onDone }: KycReviewModalProps) {
  const { message } = App.useApp();
  const { t } = useTranslation('admin');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const keys = useActionKeys();
  const rejecting = review?.action === 'rejected';

  const submit = async () => {
    if (!review) return;
    const trimmed = note.trim();
    if (rejecting && trimmed === '') {
      message.warning(t('kyc.rejectReasonRequired'));
      return;
    }
    const id = review.row.id;
    const body = { status: review.action, adminNote: trimmed === '' ? undefined : trimmed };
    const action = { id, ...body };
    // A second click before the button shows it is loading: the same review, sent once.
    if (keys.isRunning(action)) return;
    setBusy(true);
    try {
      await keys.run(action, (key) => reviewKycRequest(id, body, key));
      message.success(rejecting ? t('kyc.rejected') : t('kyc.approved'));
      onClose();
    } catch (error) {
      message.error(t('kyc.reviewFailed', { reason: errorMessage(error, t('kyc.unknownError')) }));
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <Modal
      open={review !== null}
      title={rejecting ? t('kyc.rejectTitle') : t('kyc.approveTitle')}
      okText={rejecting ? t('kyc.confirmReject') : t('kyc.confirmApprove')}
      cancelText={t('kyc.cancel')}
      okButtonProps={{
        danger: rejecting,
        loading: busy,
        ...({ 'data-testid': 'kyc-review-submit' } as object),
      }}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(open) => {
        if (!open) setNote('');
      }}
      destroyOnHidden
    >
      {review && (
        <>
          {review.row.duplicate_id_count > 0 && (
            <div style={{ marginBottom: 12 }}>
              <KycDuplicateAlert row={review.row} />
            </div>
          )}
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'email', label: t('kyc.userEmail'), children: review.row.user.email },
              { key: 'real_name', label: t('kyc.realName'), children: review.row.real_name },
              { key: 'id_number', label: t('kyc.idNumber'), children: maskIdNumber(review.row.id_number) },
            ]}
          />
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {rejecting ? t('kyc.rejectReasonLabel') : t('kyc.noteLabel')}
          </Typography.Paragraph>
          <Input.TextArea
            data-testid="kyc-review-note"
            autoFocus
            rows={3}
            maxLength={500}
            value={note}
            placeholder={rejecting ? t('kyc.rejectReasonPlaceholder') : t('kyc.notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
          />
        </>
      )}
    </Modal>
  );
}
