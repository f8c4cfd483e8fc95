import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { useCheckout } from '../../../core/checkout.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { addressApi, addressKeys } from '../api.ts';
import { AddressForm, type AddressFormValue } from '../components/AddressForm.tsx';
import '../address.css';

export default function AddAddressPage() {
  const [params] = useSearchParams();
  const selecting = params.get('select') === '1';
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const setAddressId = useCheckout((s) => s.setAddressId);

  const save = useMutation({
    mutationFn: (v: AddressFormValue) =>
      addressApi.add({
        name: v.name,
        phone: v.phone,
        provinceCode: v.provinceCode,
        cityCode: v.cityCode,
        districtCode: v.districtCode,
        detail: v.detail,
        isDefault: v.isDefault,
      }),
    onSuccess: async (address) => {
      await queryClient.invalidateQueries({ queryKey: addressKeys.all });
      showSuccess('保存成功');
      // Added while choosing an address for an order: use it and go straight back to the order.
      if (selecting) {
        setAddressId(address.id);
        goBack(PATHS.writeOrder, 2);
      } else {
        goBack(PATHS.addresses);
      }
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '保存失败'),
  });

  return <AddressForm busy={save.isPending} onSubmit={(v) => save.mutate(v)} />;
}
