import {
  REPORT_DESCRIPTION_MAX,
  REPORT_IMAGES_MAX,
  REPORT_TARGETS,
  type ReportTarget,
} from '@chaopin/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Button,
  ErrorBlock,
  ImageUploader,
  type ImageUploadItem,
  Radio,
  Space,
  TextArea,
} from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { uploadApi } from '../../../core/api/upload.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { dictionaryQuery } from '../../../ui/service/dictionaryQuery.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { serviceApi } from '../api.ts';
import '../service.css';

const TARGET_TEXT: Record<ReportTarget, string> = {
  goods: '商品',
  store: '店铺',
  live: '直播间',
  user: '用户',
};

/** report?type=&targetId=: a reason from the dictionary, a description and images. */
export default function ReportPage() {
  const [params] = useSearchParams();
  const goBack = useGoBack();
  const rawType = params.get('type') ?? 'goods';
  const type = (REPORT_TARGETS as readonly string[]).includes(rawType)
    ? (rawType as ReportTarget)
    : null;
  const targetId = Number(params.get('targetId'));
  const reasons = useQuery(dictionaryQuery('report_reason'));
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);

  const submit = useMutation({
    mutationFn: () =>
      serviceApi.report({
        type: type ?? 'goods',
        targetId,
        reason,
        description: description.trim(),
        images: images.map((i) => i.url),
      }),
    onSuccess: () => {
      showSuccess('举报已提交，我们会尽快处理');
      goBack(PATHS.home);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '提交失败，请稍后重试'),
  });

  if (!type || !Number.isInteger(targetId) || targetId < 1) {
    return <ErrorBlock status="empty" title="举报对象不存在" description="请返回重试" />;
  }
  const send = () => {
    if (!reason) return showToast('请选择举报原因');
    if (uploading) return showToast('图片上传中，请稍候');
    submit.mutate();
  };

  return (
    <div className="service-page">
      <section className="card service-card">
        <h3>举报{TARGET_TEXT[type]}的原因</h3>
        <Radio.Group value={reason} onChange={(v) => setReason(String(v))}>
          <Space direction="vertical">
            {(reasons.data?.items ?? []).map((r) => (
              <Radio key={r.value} value={r.value}>
                {r.label}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </section>
      <section className="card service-card">
        <h3>补充说明（选填）</h3>
        <TextArea
          placeholder="请描述具体情况，便于我们核实"
          maxLength={REPORT_DESCRIPTION_MAX}
          showCount
          rows={4}
          value={description}
          onChange={setDescription}
        />
        <h3 style={{ marginTop: 12 }}>图片证据（最多{REPORT_IMAGES_MAX}张）</h3>
        <ImageUploader
          value={images}
          onChange={setImages}
          maxCount={REPORT_IMAGES_MAX}
          upload={async (file) => ({ url: await uploadApi.image(file, file.name) })}
          onUploadQueueChange={(tasks) => setUploading(tasks.some((t) => t.status === 'pending'))}
        />
      </section>
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={submit.isPending}
        onClick={send}
      >
        提交举报
      </Button>
    </div>
  );
}
