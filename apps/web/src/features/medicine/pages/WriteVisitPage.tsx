import {
  VISIT_DESCRIPTION_MAX,
  VISIT_DIAGNOSIS_MAX,
  VISIT_DRUGS_MAX,
  VISIT_IMAGES_MAX,
  VISIT_NAME_MAX,
} from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Form,
  ImageUploader,
  type ImageUploadItem,
  Input,
  Radio,
  Space,
  TextArea,
} from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { uploadApi } from '../../../core/api/upload.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { medicineApi, medicineKeys, pharmacistsQuery } from '../api.ts';
import { PharmacistField } from '../components/PharmacistField.tsx';
import { ruleFor, type VisitFormValues } from '../visitForm.ts';
import '../medicine.css';
import { ListStates } from '../../../ui/ListStates.tsx';

/** writeVisit (复诊开药): the follow-up request form; submitting opens the request. */
export default function WriteVisitPage() {
  const [params] = useSearchParams();
  const wanted = Number(params.get('pharmacistId')) || undefined;
  // A 处方药's page sends its name, so the request already says what is needed.
  const drug = params.get('drug')?.slice(0, VISIT_DRUGS_MAX) ?? '';
  const query = useInfiniteQuery(pharmacistsQuery());
  const pharmacists = query.data?.pages.flatMap((p) => p.list) ?? [];
  const initial =
    pharmacists.find((p) => p.id === wanted) ?? pharmacists.find((p) => p.online) ?? pharmacists[0];
  return (
    <ListStates
      query={query}
      isEmpty={pharmacists.length === 0}
      errorIcon={<UserOutline />}
      empty={
        <EmptyState
          icon={<UserOutline />}
          title="暂无可接诊的药师"
          description="药师入驻中，请稍后再来"
        />
      }
    >
      <VisitForm pharmacists={pharmacists} initialPharmacistId={initial?.id} initialDrugs={drug} />
    </ListStates>
  );
}

function VisitForm({
  pharmacists,
  initialPharmacistId,
  initialDrugs,
}: {
  pharmacists: Parameters<typeof PharmacistField>[0]['pharmacists'];
  initialPharmacistId?: number;
  initialDrugs: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<VisitFormValues>();
  // One key per visit of the page: a double tap or a retry makes one request.
  const [clientKey] = useState(newClientKey);
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);

  const submit = useMutation({
    mutationFn: (v: VisitFormValues) =>
      medicineApi.submit({
        clientKey,
        pharmacistId: v.pharmacistId ?? 0,
        patientName: (v.patientName ?? '').trim(),
        gender: v.gender ?? 'male',
        age: Number(v.age),
        phone: v.phone ?? '',
        diagnosis: (v.diagnosis ?? '').trim(),
        drugs: (v.drugs ?? '').trim(),
        description: (v.description ?? '').trim(),
        images: images.map((i) => i.url),
        confirmed: true,
      }),
    onSuccess: (visit) => {
      void queryClient.invalidateQueries({ queryKey: medicineKeys.all });
      showToast('提交成功，请等待药师接诊');
      navigate(`${PATHS.preInfo}?id=${visit.id}`, { replace: true });
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '提交失败，请稍后重试'),
  });

  const onFinish = (values: VisitFormValues) => {
    if (uploading) return showToast('图片上传中，请稍候');
    submit.mutate(values);
  };

  return (
    <div className="med-page med-form">
      <div className="med-notice">
        仅限已在线下医院确诊的复诊患者；急重症请立即前往医院就诊。药师将根据您的病情开具处方。
      </div>
      <Form
        form={form}
        layout="horizontal"
        initialValues={{
          pharmacistId: initialPharmacistId,
          gender: 'male',
          confirmed: false,
          drugs: initialDrugs,
        }}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => {
          const msg = errorFields[0]?.errors[0];
          if (msg) showToast(msg);
        }}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            shape="rounded"
            size="large"
            loading={submit.isPending}
            data-testid="visit-submit"
          >
            提交复诊申请
          </Button>
        }
      >
        <Form.Header>接诊药师</Form.Header>
        <Form.Item name="pharmacistId" rules={[ruleFor('pharmacistId')]} layout="vertical">
          <PharmacistField pharmacists={pharmacists} />
        </Form.Item>

        <Form.Header>就诊人信息</Form.Header>
        <Form.Item name="patientName" label="姓名" rules={[ruleFor('patientName')]}>
          <Input placeholder="请填写就诊人真实姓名" maxLength={VISIT_NAME_MAX} clearable />
        </Form.Item>
        <Form.Item name="gender" label="性别" rules={[ruleFor('gender')]}>
          <Radio.Group>
            <Space>
              <Radio value="male">男</Radio>
              <Radio value="female">女</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="age" label="年龄" rules={[ruleFor('age')]} extra="岁">
          <Input placeholder="1-120" type="number" inputMode="numeric" maxLength={3} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[ruleFor('phone')]}>
          <Input placeholder="用于药师联系您" type="tel" inputMode="numeric" maxLength={11} />
        </Form.Item>

        <Form.Header>病情信息</Form.Header>
        <Form.Item
          name="diagnosis"
          label="确诊疾病"
          layout="vertical"
          rules={[ruleFor('diagnosis')]}
        >
          <TextArea
            placeholder="请填写线下医院已确诊的疾病，如：原发性高血压"
            maxLength={VISIT_DIAGNOSIS_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item name="drugs" label="所需药品" layout="vertical" rules={[ruleFor('drugs')]}>
          <TextArea
            placeholder="选填，如：苯磺酸氨氯地平片 5mg×28片 2盒"
            maxLength={VISIT_DRUGS_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label="病情描述"
          layout="vertical"
          rules={[ruleFor('description')]}
        >
          <TextArea
            placeholder="选填，描述目前症状、用药情况、过敏史等"
            maxLength={VISIT_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
          />
        </Form.Item>
        <Form.Item
          label={`处方/病历照片（选填，最多${VISIT_IMAGES_MAX}张）`}
          layout="vertical"
          description="上传既往处方、病历或检查报告，有助于药师开方"
        >
          <ImageUploader
            value={images}
            onChange={setImages}
            maxCount={VISIT_IMAGES_MAX}
            upload={async (file) => ({ url: await uploadApi.image(file, file.name) })}
            onUploadQueueChange={(tasks) => setUploading(tasks.some((t) => t.status === 'pending'))}
          />
        </Form.Item>
        <Form.Item name="confirmed" valuePropName="checked" rules={[ruleFor('confirmed')]}>
          <Checkbox data-testid="visit-consent" style={{ '--icon-size': '18px' }}>
            <span className="med-consent">
              本人确认已在线下医院确诊，本次为复诊，且所填信息真实有效
            </span>
          </Checkbox>
        </Form.Item>
      </Form>
    </div>
  );
}
