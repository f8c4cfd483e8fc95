import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { addressApi, addressKeys, addressQuery } from '../api.ts';
import { AddressForm, type AddressFormValue } from '../components/AddressForm.tsx';
import '../address.css';

export default function EditAddressPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const query = useQuery({ ...addressQuery(id), enabled: valid });

  const save = useMutation({
    mutationFn: (v: AddressFormValue) =>
      addressApi.edit({
        id,
        name: v.name,
        phone: v.phone,
        provinceCode: v.provinceCode,
        cityCode: v.cityCode,
        districtCode: v.districtCode,
        detail: v.detail,
        isDefault: v.isDefault,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressKeys.all });
      showSuccess('保存成功');
      goBack(PATHS.addresses);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '保存失败'),
  });

  if (!valid || query.isError) {
    return <ErrorBlock status="empty" title="地址不存在" description="请返回重新选择" />;
  }
  if (!query.data) return <PageLoading />;
  return (
    <AddressForm initial={query.data} busy={save.isPending} onSubmit={(v) => save.mutate(v)} />
  );
}
