import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { FailureAlert } from '../../ui/FailureAlert.tsx';
import { useSubmit } from '../../ui/useSubmit.ts';
import { type FeedbackRow, type FeedbackStatus, handleFeedback } from './api.ts';

interface Values {
  status: Exclude<FeedbackStatus, 'new'>;
  reply?: string;
}

/** 处理反馈: 处理中 or 已解决, with a reply (≤ 500; required to resolve) the user sees. */
export function HandleDialog(props: {
  row: FeedbackRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { busy, failure, submit: save, clearFailure } = useSubmit();
  const status = Form.useWatch('status', form);
  const row = props.row;

  useEffect(() => {
    if (!row) return;
    clearFailure();
    form.setFieldsValue({
      status: row.status === 'resolved' ? 'resolved' : 'processing',
      reply: row.reply ?? '',
    });
  }, [row, form, clearFailure]);

  async function submit(values: Values) {
    if (!row) return;
    const reply = values.reply?.trim();
    const done = await save(() =>
      handleFeedback({ id: row.id, status: values.status, ...(reply ? { reply } : {}) }),
    );
    if (done) props.onDone();
  }

  return (
    <Modal
      title="处理反馈"
      open={row !== null}
      okText="提交"
      okButtonProps={{ loading: busy }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <FailureAlert failure={failure} />
      {row ? (
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
        >
          {row.typeText}：{row.content}
        </Typography.Paragraph>
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="status" label="处理状态">
          <Radio.Group>
            <Radio value="processing">处理中</Radio>
            <Radio value="resolved">已解决</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="reply"
          label="回复用户"
          dependencies={['status']}
          extra="用户将在我的反馈中看到该回复"
          rules={[
            {
              required: status === 'resolved',
              whitespace: true,
              message: '标记为已解决时请填写回复',
            },
            { max: 500, message: '回复最多500字' },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder="例如：问题已修复，感谢反馈"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
