import { ORDER_REMARK_MAX } from '@chaopin/contracts';
import { Form, Input, Modal } from 'antd';

/** 商家备注: the store's own note on an order (buyers never see it); empty clears it. */
export function RemarkDialog(props: {
  open: boolean;
  busy: boolean;
  initial: string;
  onCancel: () => void;
  onSubmit: (remark: string) => void;
}) {
  const [form] = Form.useForm<{ remark: string }>();
  return (
    <Modal
      title="商家备注"
      open={props.open}
      okText="保存"
      okButtonProps={{ loading: props.busy }}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ remark: props.initial }}
        onFinish={(v) => props.onSubmit((v.remark ?? '').trim())}
      >
        <Form.Item
          name="remark"
          label="备注（仅商家可见）"
          rules={[{ max: ORDER_REMARK_MAX, message: `备注最多${ORDER_REMARK_MAX}个字` }]}
        >
          <Input.TextArea rows={3} maxLength={ORDER_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
