import {
  ADDRESS_DETAIL_MAX,
  ADDRESS_DETAIL_MIN,
  CONSIGNEE_MAX,
  PHONE_PATTERN,
} from '@chaopin/contracts';
import { Cascader, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { loadRegions, type Region } from './api.ts';

interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

interface AddressForm {
  name: string;
  phone: string;
  region: [string, string, string];
  detail: string;
}

const PHONE = new RegExp(PHONE_PATTERN);
const option = (r: Region, depth: number): RegionOption => ({
  value: r.code,
  label: r.name,
  isLeaf: depth === 2,
});

/**
 * 修改收货地址 (before shipping): receiver, phone, province / city / district from the same picker
 * data as the app, and the street address, checked as the API checks them.
 */
export function AddressDialog(props: {
  open: boolean;
  busy: boolean;
  initial?: { name: string; phone: string; detail: string };
  onCancel: () => void;
  onSubmit: (body: {
    name: string;
    phone: string;
    provinceCode: string;
    cityCode: string;
    districtCode: string;
    detail: string;
  }) => void;
}) {
  const [form] = Form.useForm<AddressForm>();
  const [options, setOptions] = useState<RegionOption[]>([]);

  useEffect(() => {
    if (!props.open || options.length) return;
    void loadRegions().then((list) => setOptions(list.map((r) => option(r, 0))));
  }, [props.open, options.length]);

  async function loadChildren(path: RegionOption[]) {
    const target = path[path.length - 1];
    if (!target) return;
    const children = await loadRegions(target.value);
    target.children = children.map((r) => option(r, path.length));
    setOptions((list) => [...list]);
  }

  return (
    <Modal
      title="修改收货地址"
      open={props.open}
      okText="保存"
      okButtonProps={{ loading: props.busy }}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form<AddressForm>
        form={form}
        layout="vertical"
        initialValues={props.initial}
        onFinish={(v) =>
          props.onSubmit({
            name: v.name.trim(),
            phone: v.phone.trim(),
            provinceCode: v.region[0],
            cityCode: v.region[1],
            districtCode: v.region[2],
            detail: v.detail.trim(),
          })
        }
      >
        <Form.Item
          name="name"
          label="收货人"
          rules={[
            { required: true, whitespace: true, message: '请填写收货人' },
            { max: CONSIGNEE_MAX, message: `收货人最多${CONSIGNEE_MAX}个字` },
          ]}
        >
          <Input maxLength={CONSIGNEE_MAX} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, message: '请填写手机号' },
            { pattern: PHONE, message: '请输入正确的手机号' },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item
          name="region"
          label="所在地区"
          rules={[
            {
              validator: async (_, value?: string[]) => {
                if (value?.length !== 3) throw new Error('请选择省、市、区');
              },
            },
          ]}
        >
          <Cascader<RegionOption>
            options={options}
            loadData={(path) => void loadChildren(path)}
            changeOnSelect={false}
            placeholder="省 / 市 / 区"
          />
        </Form.Item>
        <Form.Item
          name="detail"
          label="详细地址"
          rules={[
            { required: true, whitespace: true, message: '请填写详细地址' },
            {
              min: ADDRESS_DETAIL_MIN,
              max: ADDRESS_DETAIL_MAX,
              message: `详细地址为${ADDRESS_DETAIL_MIN}-${ADDRESS_DETAIL_MAX}个字`,
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={ADDRESS_DETAIL_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
