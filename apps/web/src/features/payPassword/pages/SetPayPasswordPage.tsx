import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../core/session.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { PayCodeInput } from '../../../ui/payPassword/PayCodeInput.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { accountApi, payPasswordKeys, payPasswordQuery } from '../api.ts';

type Step = 'old' | 'new' | 'confirm';

const TEXT: Record<Step, { title: string; hint: string }> = {
  old: { title: '请输入原支付密码', hint: '验证身份后即可修改支付密码' },
  new: { title: '设置支付密码', hint: '请输入6位数字支付密码' },
  confirm: { title: '确认支付密码', hint: '请再次输入6位数字支付密码' },
};

export default function SetPayPasswordPage() {
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const check = useSession((s) => s.check);
  const { data } = useQuery(payPasswordQuery());
  const [step, setStep] = useState<Step | null>(null);
  const [value, setValue] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');

  const isSet = Boolean(data?.isSet);
  const steps: Step[] = isSet ? ['old', 'new', 'confirm'] : ['new', 'confirm'];
  const current: Step = step ?? steps[0]!;

  const go = (next: Step) => {
    setValue('');
    setStep(next);
  };

  const save = useMutation({
    mutationFn: (confirmPassword: string) =>
      accountApi.setPayPassword(
        isSet ? { oldPassword, password, confirmPassword } : { password, confirmPassword },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: payPasswordKeys.payPassword });
      await check();
      showSuccess(isSet ? '支付密码修改成功' : '支付密码设置成功');
      goBack(PATHS.choosePayType);
    },
    onError: () => go(steps[0]!), // e.g. a wrong old password: start over
  });

  if (!data) return <PageLoading />;

  const onFill = (digits: string) => {
    if (current === 'old') {
      setOldPassword(digits);
      return go('new');
    }
    if (current === 'new') {
      if (isSet && digits === oldPassword) {
        setValue('');
        return showToast('新支付密码不能与原密码相同');
      }
      setPassword(digits);
      return go('confirm');
    }
    if (digits !== password) {
      showToast('两次输入的支付密码不一致');
      return go('new');
    }
    if (!save.isPending) save.mutate(digits);
  };

  return (
    <div className="pay-step">
      <h2 className="pay-step__title">{TEXT[current].title}</h2>
      <p className="pay-step__hint">{TEXT[current].hint}</p>
      <PayCodeInput key={current} value={value} onChange={setValue} onFill={onFill} autoFocus />
      <div className="pay-step__dots" aria-hidden>
        {steps.map((s) => (
          <span key={s} className={s === current ? 'is-active' : ''} />
        ))}
      </div>
    </div>
  );
}
