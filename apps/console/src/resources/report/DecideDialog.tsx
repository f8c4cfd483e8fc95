import { Descriptions, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { FailureAlert } from '../../ui/FailureAlert.tsx';
import { useSubmit } from '../../ui/useSubmit.ts';
import { handleReport, type ReportDecision, type ReportRow } from './api.ts';
import { targetLabel } from './target.ts';

type Values = Omit<ReportDecision, 'id'>;

/** 处理举报: 成立 or 不成立, with a note (1–500) the reporter reads. Decided once. */
export function DecideDialog(props: {
  row: ReportRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { busy, failure, submit: save, clearFailure } = useSubmit();
  const row = props.row;

  useEffect(() => {
    if (row) clearFailure();
  }, [row, clearFailure]);

  async function submit(values: Values) {
    if (!row) return;
    const done = await save(() =>
      handleReport({ id: row.id, status: values.status, result: values.result.trim() }),
    );
    if (done) props.onDone();
  }

  return (
    <Modal
      title="处理举报"
      open={row !== null}
      okText="提交处理结果"
      okButtonProps={{ loading: busy }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <FailureAlert failure={failure} />
      {row ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="举报对象">
            {targetLabel(row.targetType)} #{row.targetId}
          </Descriptions.Item>
          <Descriptions.Item label="原因">{row.reason}</Descriptions.Item>
          <Descriptions.Item label="描述">{row.description || '—'}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="status"
          label="结论"
          rules={[{ required: true, message: '请选择举报是否成立' }]}
        >
          <Radio.Group>
            <Radio value="valid">成立</Radio>
            <Radio value="invalid">不成立</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="result"
          label="处理说明"
          rules={[
            { required: true, whitespace: true, message: '请填写处理说明' },
            { max: 500, message: '处理说明最多500字' },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount placeholder="举报人将看到该说明" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
