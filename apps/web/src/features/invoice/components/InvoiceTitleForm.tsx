import {
  EMAIL_PATTERN,
  type InvoiceTitle,
  type InvoiceTitleType,
  isCreditCode,
} from '@chaopin/contracts';
import { Button, Form, Input, Radio, Space, Switch } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../ui/toast.ts';
import type { InvoiceTitleInput } from '../api.ts';

const EMAIL = new RegExp(EMAIL_PATTERN);

interface Props {
  initial?: InvoiceTitle;
  busy: boolean;
  nameMax: number;
  onSubmit: (input: InvoiceTitleInput) => void;
}

/** 个人/企业, name, the GB 32100 credit code (checked as the server checks it), extras, default. */
export function InvoiceTitleForm({ initial, busy, nameMax, onSubmit }: Props) {
  const [type, setType] = useState<InvoiceTitleType>(initial?.type ?? 'personal');
  const [name, setName] = useState(initial?.name ?? '');
  const [taxNo, setTaxNo] = useState(initial?.taxNo ?? '');
  const [bankName, setBankName] = useState(initial?.bankName ?? '');
  const [bankAccount, setBankAccount] = useState(initial?.bankAccount ?? '');
  const [address, setAddress] = useState(initial?.address ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [isDefault, setIsDefault] = useState(initial?.isDefault ?? false);
  const company = type === 'company';

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return showToast(company ? '请填写单位名称' : '请填写个人姓名');
    const code = taxNo.trim().toUpperCase();
    if (company && !isCreditCode(code)) return showToast('请输入正确的18位统一社会信用代码');
    if (email.trim() && !EMAIL.test(email.trim())) return showToast('请输入正确的邮箱地址');
    onSubmit({
      type,
      name: trimmed,
      ...(company
        ? { taxNo: code, bankName, bankAccount, address, phone }
        : { bankName: '', bankAccount: '', address: '', phone: '' }),
      email: email.trim(),
      isDefault,
    });
  };

  return (
    <div className="form-page">
      <Form layout="horizontal" className="card">
        <Form.Item label="抬头类型">
          <Radio.Group value={type} onChange={(v) => setType(v as InvoiceTitleType)}>
            <Space>
              <Radio value="personal">个人</Radio>
              <Radio value="company">企业</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={company ? '单位名称' : '抬头名称'}>
          <Input
            placeholder={company ? '请填写单位全称' : '请填写个人姓名'}
            value={name}
            maxLength={nameMax}
            onChange={setName}
            clearable
          />
        </Form.Item>
        {company && (
          <>
            <Form.Item label="税号">
              <Input
                placeholder="18位统一社会信用代码"
                value={taxNo}
                maxLength={18}
                onChange={(v) => setTaxNo(v.toUpperCase().replace(/\s/g, ''))}
                clearable
              />
            </Form.Item>
            <Form.Item label="开户银行">
              <Input placeholder="选填" value={bankName} maxLength={60} onChange={setBankName} />
            </Form.Item>
            <Form.Item label="银行账号">
              <Input
                placeholder="选填"
                value={bankAccount}
                maxLength={40}
                onChange={setBankAccount}
              />
            </Form.Item>
            <Form.Item label="注册地址">
              <Input placeholder="选填" value={address} maxLength={100} onChange={setAddress} />
            </Form.Item>
            <Form.Item label="注册电话">
              <Input placeholder="选填" value={phone} maxLength={20} onChange={setPhone} />
            </Form.Item>
          </>
        )}
        <Form.Item label="收票邮箱">
          <Input
            placeholder="选填，用于接收电子发票"
            type="email"
            value={email}
            maxLength={254}
            onChange={setEmail}
          />
        </Form.Item>
        <Form.Item
          label="设为默认抬头"
          extra={<Switch checked={isDefault} onChange={setIsDefault} aria-label="设为默认抬头" />}
        />
      </Form>
      <div className="form-actions">
        <Button block color="primary" shape="rounded" size="large" loading={busy} onClick={submit}>
          保存
        </Button>
      </div>
    </div>
  );
}
