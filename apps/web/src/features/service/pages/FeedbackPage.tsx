import { FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX, PHONE_REGEX } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  ImageUploader,
  type ImageUploadItem,
  Input,
  Selector,
  TextArea,
} from 'antd-mobile';
import { useState } from 'react';
import { isApiError } from '../../../core/api/client.ts';
import { uploadApi } from '../../../core/api/upload.ts';
import { formatDateTime } from '../../../core/format.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { dictionaryQuery } from '../../../ui/service/dictionaryQuery.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { serviceApi, serviceKeys } from '../api.ts';
import '../service.css';

/** What the operator has done with a feedback, as the user reads it. */
const FEEDBACK_STATUS = { new: '待处理', processing: '处理中', resolved: '已解决' } as const;

/** userFeedback: type, content (≤500), up to 6 images and an optional contact phone. */
export default function FeedbackPage() {
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const types = useQuery(dictionaryQuery('feedback_type'));
  const mine = useQuery({
    queryKey: serviceKeys.myFeedback,
    queryFn: () => serviceApi.myFeedback(),
  });
  const [type, setType] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [phone, setPhone] = useState('');
  const [uploading, setUploading] = useState(false);

  const submit = useMutation({
    mutationFn: () =>
      serviceApi.feedback({
        type,
        content: content.trim(),
        images: images.map((i) => i.url),
        ...(phone ? { phone } : {}),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: serviceKeys.feedback });
      showSuccess('感谢您的反馈');
      goBack(PATHS.setting);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '提交失败，请稍后重试'),
  });

  const send = () => {
    if (!type) return showToast('请选择反馈类型');
    if (!content.trim()) return showToast('请填写反馈内容');
    if (phone && !PHONE_REGEX.test(phone)) return showToast('请输入正确的手机号');
    if (uploading) return showToast('图片上传中，请稍候');
    submit.mutate();
  };

  return (
    <div className="service-page">
      <section className="card service-card">
        <h3>反馈类型</h3>
        <Selector
          columns={3}
          value={type ? [type] : []}
          onChange={(v) => setType(v[0] ?? '')}
          options={(types.data?.items ?? []).map((i) => ({ label: i.label, value: i.value }))}
        />
      </section>
      <section className="card service-card">
        <h3>反馈内容</h3>
        <TextArea
          placeholder="请详细描述您遇到的问题或建议"
          maxLength={FEEDBACK_CONTENT_MAX}
          showCount
          rows={5}
          value={content}
          onChange={setContent}
        />
        <h3 style={{ marginTop: 12 }}>上传图片（最多{FEEDBACK_IMAGES_MAX}张）</h3>
        <ImageUploader
          value={images}
          onChange={setImages}
          maxCount={FEEDBACK_IMAGES_MAX}
          upload={async (file) => ({ url: await uploadApi.image(file, file.name) })}
          onUploadQueueChange={(tasks) => setUploading(tasks.some((t) => t.status === 'pending'))}
        />
      </section>
      <section className="card service-card">
        <h3>联系电话（选填）</h3>
        <Input
          placeholder="方便我们联系您"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          value={phone}
          onChange={(v) => setPhone(v.replace(/\D/g, ''))}
          clearable
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
        提交反馈
      </Button>
      {mine.data && mine.data.list.length > 0 && (
        <section className="card service-card" data-testid="my-feedback">
          <h3>我的反馈</h3>
          {mine.data.list.map((f) => (
            <div key={f.id} className="service-contact">
              <span className="service-contact__label">
                {f.typeText}
                <br />
                <small data-testid="feedback-status">{FEEDBACK_STATUS[f.status]}</small>
              </span>
              <span className="service-contact__value">
                {f.content}
                <br />
                <small>{formatDateTime(f.createdAt)}</small>
                {f.reply ? (
                  <span className="service-feedback-reply" data-testid="feedback-reply">
                    客服回复：{f.reply}
                  </span>
                ) : null}
              </span>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
