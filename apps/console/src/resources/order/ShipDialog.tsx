import { Form, Input, Modal, Select } from 'antd';
import { useLoad } from '../../ui/useLoad.ts';
import { loadCarriers } from './api.ts';

/** The tracking number as the API takes it (ShipBody). */
export const TRACKING_NO = /^[A-Za-z0-9-]{4,40}$/;

interface ShipForm {
  carrier: string;
  trackingNo: string;
}

/** 发货: the carrier from the list the server knows, and the tracking number. */
export function ShipDialog(props: {
  orderNo: string | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (carrier: string, trackingNo: string) => void;
}) {
  const [form] = Form.useForm<ShipForm>();
  const carriers = useLoad(loadCarriers);
  return (
    <Modal
      title="订单发货"
      open={props.orderNo !== null}
      okText="确认发货"
      okButtonProps={{ loading: props.busy }}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form<ShipForm>
        form={form}
        layout="vertical"
        onFinish={(v) => props.onSubmit(v.carrier, v.trackingNo.trim())}
      >
        <Form.Item label="订单号">{props.orderNo}</Form.Item>
        <Form.Item
          name="carrier"
          label="快递公司"
          rules={[{ required: true, message: '请选择快递公司' }]}
        >
          <Select
            showSearch
            placeholder="选择或搜索快递公司"
            loading={carriers.loading}
            optionFilterProp="search"
            options={(carriers.data ?? []).map((c) => ({
              value: c.code,
              label: c.name,
              search: [c.name, c.code, ...c.aliases].join(' '),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label="快递单号"
          rules={[
            { required: true, whitespace: true, message: '请填写快递单号' },
            {
              validator: async (_, value?: string) => {
                if (value?.trim() && !TRACKING_NO.test(value.trim())) {
                  throw new Error('快递单号为4-40位字母、数字或-');
                }
              },
            },
          ]}
        >
          <Input maxLength={40} placeholder="如 SF1234567890" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
