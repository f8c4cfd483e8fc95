import { PHONE_PATTERN } from '@chaopin/contracts';
import type { CrudFilter } from '@refinedev/core';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import {
  checkRange,
  fromFilters,
  type OrderFilterForm,
  PAY_METHODS,
  toFilters,
} from './filters.ts';

const PHONE = new RegExp(PHONE_PATTERN);
const EMPTY = {
  orderNo: undefined,
  buyerPhone: undefined,
  payMethod: undefined,
  liveRoomId: undefined,
  storeId: undefined,
  created: undefined,
  paid: undefined,
};
const RANGE = {
  showTime: { format: 'HH:mm' },
  format: 'YYYY-MM-DD HH:mm',
  allowEmpty: [true, true] as [boolean, boolean],
  style: { width: 320 },
};

/**
 * The order list's filters: number, buyer's phone, payment, live room, store (the operator's), and
 * the order and payment times in China time. Checked as the API checks them before asking.
 */
export function OrderFilterBar(props: {
  filters: CrudFilter[];
  setFilters: (filters: CrudFilter[], behavior?: 'merge' | 'replace') => void;
  operator: boolean;
}) {
  const [form] = Form.useForm<OrderFilterForm>();
  return (
    <Form<OrderFilterForm>
      form={form}
      layout="inline"
      initialValues={fromFilters(props.filters)}
      onFinish={(v) => props.setFilters(toFilters(v))}
      style={{ marginBottom: 16, rowGap: 12 }}
    >
      <Form.Item name="orderNo" label="订单号" rules={[{ max: 40, message: '最多40个字符' }]}>
        <Input allowClear maxLength={40} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="buyerPhone"
        label="买家手机"
        rules={[{ pattern: PHONE, message: '请输入正确的手机号' }]}
      >
        <Input allowClear maxLength={11} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="payMethod" label="支付方式">
        <Select allowClear placeholder="全部" options={PAY_METHODS} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item
        name="liveRoomId"
        label="直播间ID"
        rules={[{ type: 'integer', min: 1, message: '请输入正确的ID' }]}
      >
        <InputNumber min={1} precision={0} controls={false} style={{ width: 110 }} />
      </Form.Item>
      {props.operator ? (
        <Form.Item
          name="storeId"
          label="店铺ID"
          rules={[{ type: 'integer', min: 1, message: '请输入正确的ID' }]}
        >
          <InputNumber min={1} precision={0} controls={false} style={{ width: 110 }} />
        </Form.Item>
      ) : null}
      <Form.Item name="created" label="下单时间" rules={[{ validator: (_, v) => checkRange(v) }]}>
        <DatePicker.RangePicker {...RANGE} />
      </Form.Item>
      <Form.Item name="paid" label="支付时间" rules={[{ validator: (_, v) => checkRange(v) }]}>
        <DatePicker.RangePicker {...RANGE} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(EMPTY);
              props.setFilters(toFilters({}));
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
