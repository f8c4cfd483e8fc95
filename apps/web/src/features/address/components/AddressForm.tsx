import type { Address } from '@chaopin/contracts';
import {
  ADDRESS_DETAIL_MAX,
  ADDRESS_DETAIL_MIN,
  CONSIGNEE_MAX,
  PHONE_REGEX,
} from '@chaopin/contracts';
import { Button, Form, Input, Switch, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../ui/toast.ts';
import { RegionPicker, type RegionValue } from './RegionPicker.tsx';

export interface AddressFormValue extends RegionValue {
  name: string;
  phone: string;
  detail: string;
  isDefault: boolean;
}

interface Props {
  initial?: Address;
  busy: boolean;
  onSubmit: (value: AddressFormValue) => void;
}

/** Consignee, phone (SPEC pattern), region wheels, detail and the default switch. */
export function AddressForm({ initial, busy, onSubmit }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const [detail, setDetail] = useState(initial?.detail ?? '');
  const [isDefault, setIsDefault] = useState(initial?.isDefault ?? false);
  const [region, setRegion] = useState<RegionValue | null>(initial ? { ...initial } : null);
  const [picking, setPicking] = useState(false);

  const submit = () => {
    const consignee = name.trim();
    const place = detail.trim();
    if (!consignee) return showToast('请填写收货人姓名');
    if (consignee.length > CONSIGNEE_MAX) return showToast(`收货人姓名最多${CONSIGNEE_MAX}个字`);
    if (!PHONE_REGEX.test(phone)) return showToast('请输入正确的手机号');
    if (!region) return showToast('请选择所在地区');
    if (place.length < ADDRESS_DETAIL_MIN) return showToast('请填写详细地址');
    onSubmit({ ...region, name: consignee, phone, detail: place, isDefault });
  };

  return (
    <div className="form-page address-form">
      <Form layout="horizontal" className="card">
        <Form.Item label="收货人">
          <Input
            placeholder="请填写收货人姓名"
            value={name}
            maxLength={CONSIGNEE_MAX}
            onChange={setName}
            clearable
          />
        </Form.Item>
        <Form.Item label="手机号码">
          <Input
            placeholder="请填写收货人手机号"
            type="tel"
            inputMode="numeric"
            value={phone}
            maxLength={11}
            onChange={(v) => setPhone(v.replace(/\D/g, ''))}
            clearable
          />
        </Form.Item>
        <Form.Item label="所在地区" onClick={() => setPicking(true)} arrowIcon>
          <span
            className={region ? 'address-form__region' : 'address-form__region is-empty'}
            data-testid="region-field"
          >
            {region ? `${region.province} ${region.city} ${region.district}` : '省、市、区'}
          </span>
        </Form.Item>
        <Form.Item label="详细地址">
          <TextArea
            placeholder="街道、楼牌号等"
            value={detail}
            maxLength={ADDRESS_DETAIL_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={setDetail}
          />
        </Form.Item>
        <Form.Item
          label="设为默认地址"
          extra={<Switch checked={isDefault} onChange={setIsDefault} aria-label="设为默认地址" />}
        />
      </Form>
      <div className="form-actions">
        <Button block color="primary" shape="rounded" size="large" loading={busy} onClick={submit}>
          保存
        </Button>
      </div>
      <RegionPicker
        visible={picking}
        value={region}
        onClose={() => setPicking(false)}
        onConfirm={(value) => {
          setRegion(value);
          setPicking(false);
        }}
      />
    </div>
  );
}
