import { Form, Input, Modal } from 'antd';

/** 驳回售后: the reason (the buyer reads it on the request), 1-60 characters. */
export function RejectDialog(props: {
  refundNo: string | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      title="驳回售后申请"
      open={props.refundNo !== null}
      okText="确认驳回"
      okButtonProps={{ danger: true, loading: props.busy }}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => props.onSubmit(v.reason.trim())}>
        <Form.Item label="售后单号">{props.refundNo}</Form.Item>
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: 60, message: '驳回原因最多60字' },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={60}
            showCount
            placeholder="买家将在售后详情中看到该原因"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
