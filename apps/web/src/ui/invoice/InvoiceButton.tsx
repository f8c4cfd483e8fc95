import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PATHS } from '../pageConfig.ts';

/** 申请开票 on a received order (list card and detail); applyInvoice shows an existing invoice. */
export function InvoiceButton({ orderNo }: { orderNo: string }) {
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      shape="rounded"
      fill="outline"
      onClick={(e) => {
        e.stopPropagation();
        navigate(`${PATHS.applyInvoice}?orderNo=${encodeURIComponent(orderNo)}`);
      }}
    >
      申请开票
    </Button>
  );
}
