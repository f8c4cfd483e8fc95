import type { Pharmacist } from '@chaopin/contracts';
import { Picker } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';

/** The chosen pharmacist (a Form.Item control: value and onChange come from the form). */
export function PharmacistField({
  pharmacists,
  value,
  onChange,
}: {
  pharmacists: Pharmacist[];
  value?: number;
  onChange?: (id: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const chosen = pharmacists.find((p) => p.id === value);
  return (
    <>
      <button
        type="button"
        className="med-pick"
        data-testid="visit-pharmacist"
        onClick={() => setOpen(true)}
      >
        {chosen ? (
          <>
            <Img
              src={chosen.avatar}
              fallback={DEFAULT_AVATAR}
              alt=""
              className="med-pick__avatar"
            />
            <span className="med-pick__text">
              <strong>{chosen.name}</strong> {chosen.title}
              <small>{chosen.hospital}</small>
            </span>
          </>
        ) : (
          <span className="med-pick__text med-pick__placeholder">请选择接诊药师</span>
        )}
        <RightOutline />
      </button>
      <Picker
        visible={open}
        onClose={() => setOpen(false)}
        title="选择接诊药师"
        value={value ? [String(value)] : []}
        columns={[
          pharmacists.map((p) => ({
            label: `${p.name}（${p.title}）${p.online ? '' : ' · 离线'}`,
            value: String(p.id),
          })),
        ]}
        onConfirm={(v) => {
          if (v[0]) onChange?.(Number(v[0]));
        }}
      />
    </>
  );
}
