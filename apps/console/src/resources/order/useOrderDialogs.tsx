import { useState } from 'react';
import { useRowAction } from '../../ui/useRowAction.ts';
import { AddressDialog } from './AddressDialog.tsx';
import { changeAddress, saveRemark, shipOrder } from './api.ts';
import { RemarkDialog } from './RemarkDialog.tsx';
import { ShipDialog } from './ShipDialog.tsx';

/** What the dialogs need of an order (a list row or the detail). */
export interface OrderTarget {
  id: number;
  orderNo: string;
  merchantRemark: string;
  address?: { name: string; phone: string; detail: string };
}

type Open = { kind: 'ship' | 'remark' | 'address'; order: OrderTarget } | null;

/**
 * The order's write dialogs (发货, 备注, 修改地址), shared by the list and the detail page: each
 * sends its one request, shows the server's msg when refused, and reloads the order afterwards
 * (`after`: the detail page reloads its own data too).
 */
export function useOrderDialogs(after?: () => void) {
  const { run, running } = useRowAction('order');
  const [open, setOpen] = useState<Open>(null);
  const key = open ? String(open.order.id) : '';
  const busy = open !== null && running === key;

  async function submit(done: string, action: () => Promise<unknown>) {
    if (!open) return;
    if (await run(key, done, action)) {
      setOpen(null);
      after?.();
    }
  }

  const dialogs = (
    <>
      <ShipDialog
        orderNo={open?.kind === 'ship' ? open.order.orderNo : null}
        busy={busy}
        onCancel={() => setOpen(null)}
        onSubmit={(carrier, trackingNo) =>
          void submit('已发货', () => shipOrder(open?.order.orderNo ?? '', carrier, trackingNo))
        }
      />
      <RemarkDialog
        open={open?.kind === 'remark'}
        busy={busy}
        initial={open?.order.merchantRemark ?? ''}
        onCancel={() => setOpen(null)}
        onSubmit={(remark) =>
          void submit('备注已保存', () => saveRemark(open?.order.id ?? 0, remark))
        }
      />
      <AddressDialog
        open={open?.kind === 'address'}
        busy={busy}
        initial={open?.order.address}
        onCancel={() => setOpen(null)}
        onSubmit={(body) =>
          void submit('收货地址已修改', () => changeAddress({ id: open?.order.id ?? 0, ...body }))
        }
      />
    </>
  );

  return {
    ship: (order: OrderTarget) => setOpen({ kind: 'ship', order }),
    remark: (order: OrderTarget) => setOpen({ kind: 'remark', order }),
    address: (order: OrderTarget) => setOpen({ kind: 'address', order }),
    dialogs,
  };
}
